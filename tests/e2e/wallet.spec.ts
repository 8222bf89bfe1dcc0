/**
 * The wallet passes as a visitor meets them on the demo card (the "done when"): the public
 * page offers both wallets without a script of its own; the Apple link gives a signed .pkpass whose
 * manifest and signature check out, and the Google link leads to a save link. The signature is
 * checked against the authority it carries, the stack's development credentials.
 */
import forge from 'node-forge';
import { decodeJwt } from 'jose';
import { openPass, verifyPassSignature } from '../support/wallet-pass';
import { expect, expectAccessible, test } from './fixtures';

/** The self-signed certificate the pass's signature carries: the development WWDR stand-in. */
function carriedAuthority(signature: Uint8Array): string {
  const der = forge.util.createBuffer(Buffer.from(signature).toString('binary'));
  const message = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(der),
  ) as forge.pkcs7.PkcsSignedData;
  const authority = message.certificates.find((cert) => cert.isIssuer(cert));
  if (authority === undefined) throw new Error('no authority certificate in the signature');
  return forge.pki.certificateToPem(authority);
}

test('a visitor adds the demo card to Apple Wallet or Google Wallet', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext(baseURL === undefined ? {} : { baseURL });
  const page = await context.newPage();
  await page.goto('/c/ada-lovelace');
  const apple = page.getByRole('link', { name: 'Add to Apple Wallet' });
  const google = page.getByRole('link', { name: 'Add to Google Wallet' });
  await expect(apple).toBeVisible();
  await expect(google).toBeVisible();
  await expectAccessible(page);

  const pass = await page.request.get((await apple.getAttribute('href')) ?? '');
  expect(pass.status()).toBe(200);
  expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
  const opened = openPass(new Uint8Array(await pass.body()));
  expect(() =>
    verifyPassSignature(opened, carriedAuthority(opened.files.signature as Uint8Array)),
  ).not.toThrow();
  expect(opened.passJson).toMatchObject({
    generic: { primaryFields: [{ value: 'Ada Lovelace' }] },
    barcodes: [{ message: expect.stringMatching(/\/c\/ada-lovelace\?via=1$/) }],
  });

  const save = await page.request.get((await google.getAttribute('href')) ?? '', {
    maxRedirects: 0,
  });
  expect(save.status()).toBe(302);
  const location = save.headers().location ?? '';
  expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  expect(decodeJwt(location.split('/').pop() ?? '')).toMatchObject({ typ: 'savetowallet' });
  await context.close();
});
