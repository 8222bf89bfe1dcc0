/**
 * Opens and checks a `.pkpass` as Wallet would, offline: unzips it (fflate), checks that
 * `manifest.json` lists the SHA-1 of every other file and nothing else, and verifies the PKCS#7
 * detached signature over the manifest with node-forge (which can sign PKCS#7 but not verify it,
 * hence the steps here): the signed attributes' message digest is the manifest's SHA-1, the
 * signature over those attributes verifies with the signer certificate's key, and that certificate
 * was issued by the given WWDR certificate (the development one in tests).
 */
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import forge from 'node-forge';

export interface OpenedPass {
  readonly files: Record<string, Uint8Array>;
  readonly passJson: Record<string, unknown>;
  readonly manifest: Record<string, string>;
}

function sha1(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/** Unzips a pass and checks its manifest; throws with the reason when something is off. */
export function openPass(bytes: Uint8Array): OpenedPass {
  const files = unzipSync(bytes);
  const manifestBytes = files['manifest.json'];
  if (manifestBytes === undefined) throw new Error('no manifest.json');
  if (files.signature === undefined) throw new Error('no signature');
  const manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as Record<string, string>;
  const listed = Object.keys(manifest).sort();
  const present = Object.keys(files)
    .filter((name) => name !== 'manifest.json' && name !== 'signature')
    .sort();
  if (JSON.stringify(listed) !== JSON.stringify(present)) {
    throw new Error(`manifest lists ${listed.join(',')} but the pass has ${present.join(',')}`);
  }
  for (const name of present) {
    if (manifest[name] !== sha1(files[name] as Uint8Array)) throw new Error(`bad hash of ${name}`);
  }
  const passJson = JSON.parse(new TextDecoder().decode(files['pass.json'])) as Record<
    string,
    unknown
  >;
  return { files, passJson, manifest };
}

/** Verifies the pass's signature over its manifest against `wwdrPem`; throws when it does not. */
export function verifyPassSignature(pass: OpenedPass, wwdrPem: string): void {
  const der = forge.util.createBuffer(
    Buffer.from(pass.files.signature as Uint8Array).toString('binary'),
  );
  const message = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(der),
  ) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes?: forge.asn1.Asn1[]; signature?: string };
  };
  const signerCert = message.certificates.find((cert) =>
    cert.subject.getField('CN')?.value?.toString().startsWith('Pass Type ID'),
  );
  if (signerCert === undefined) throw new Error('no pass type certificate in the signature');
  const wwdr = forge.pki.certificateFromPem(wwdrPem);
  let issued = false;
  try {
    issued = wwdr.verify(signerCert);
  } catch {
    // forge throws when the signature does not even decode with this key.
  }
  if (!issued) throw new Error('the signer certificate is not issued by the WWDR');

  // The SignedData validator captures the (only) signer's fields along with its own.
  const capture = message.rawCapture;
  const attributes = capture.authenticatedAttributes ?? [];
  const manifestSha1 = sha1(pass.files['manifest.json'] as Uint8Array);
  const digestAttribute = attributes.find((attr) => {
    const [oid] = attr.value as forge.asn1.Asn1[];
    return (
      oid !== undefined && forge.asn1.derToOid(oid.value as string) === forge.pki.oids.messageDigest
    );
  });
  if (digestAttribute === undefined) throw new Error('no message digest attribute');
  const digestSet = (digestAttribute.value as forge.asn1.Asn1[])[1];
  const digest = ((digestSet?.value as forge.asn1.Asn1[])[0]?.value as string) ?? '';
  if (forge.util.bytesToHex(digest) !== manifestSha1) {
    throw new Error('the signed digest is not the manifest’s');
  }
  // The signature covers the attributes DER-encoded as a SET (RFC 5652 5.4).
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const md = forge.md.sha1.create();
  md.update(forge.asn1.toDer(set).getBytes());
  const publicKey = signerCert.publicKey as forge.pki.rsa.PublicKey;
  let verified = false;
  try {
    verified = publicKey.verify(md.digest().getBytes(), capture.signature ?? '');
  } catch {
    // forge throws when the signature does not even decode with this key.
  }
  if (!verified) throw new Error('the signature does not verify with the signer certificate');
}
