/** /privacy-policy: what we collect, why, and your rights. */
import { LegalPage } from './legal-page';
import type { LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'who',
    title: 'Who we are',
    body: (
      <p>
        Cardbuilder provides digital business cards. For the data of account holders we are the data
        controller. For the details visitors leave on a card’s contact form, the card’s owner
        decides what happens to them and we process them on the owner’s behalf.
      </p>
    ),
  },
  {
    id: 'what',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address, profile photo and how you sign
          in (Google, password or email link). Passwords are handled by our sign-in provider; we
          never see them.
        </li>
        <li>
          <strong>Card content:</strong> what you put on your cards, such as your title, phone
          numbers, links, photos and logos.
        </li>
        <li>
          <strong>Usage of cards:</strong> counts of card views and link taps, so you can see what
          works. We do not build profiles of the people who view your cards.
        </li>
        <li>
          <strong>Leads:</strong> details a visitor chooses to leave on a card’s form.
        </li>
        <li>
          <strong>Billing:</strong> your plan and subscription status. Card numbers are handled by
          our payment provider and never reach our servers.
        </li>
        <li>
          <strong>Referrals:</strong> if you arrived through a partner’s link, the referral code, so
          we can credit the partner.
        </li>
      </ul>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <ul>
        <li>To run the service you signed up for: show, share and save your cards (contract).</li>
        <li>To keep accounts secure and prevent abuse (legitimate interest).</li>
        <li>To bill paid plans and meet tax rules (contract and legal obligation).</li>
        <li>
          To understand which features help people, using privacy-friendly analytics served from our
          own site (legitimate interest). Optional marketing tags only run where they are enabled
          and, where the law requires, only with your consent.
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We do not sell personal data. We share it only with the providers that run parts of the
          service for us, under contracts that protect it: cloud hosting and sign-in, payment
          processing, and email delivery. Your public cards show exactly what you chose to publish
          to anyone who has the link.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep account and card data while your account is open. When you delete a card or close
        your account we remove the data within 30 days, except billing records we must keep by law.
        Backups are overwritten within a further 30 days.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <p>
        You can see and correct most of your data in the app at any time. You may also ask for a
        copy of your data, for its deletion, or object to how we use it, by writing to{' '}
        <a href="mailto:privacy@cardbuilder.app">privacy@cardbuilder.app</a>. You can complain to
        your local data protection authority.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Data travels encrypted, access inside an account is limited to its members, and every
        request is checked against access rules on the server. No system is perfect; if something
        goes wrong that affects your data, we will tell you promptly.
      </p>
    ),
  },
  {
    id: 'storage',
    title: 'Storage on your device',
    body: (
      <p>
        The app stores a few items in your browser: your sign-in session, the email address a
        sign-in link was sent to, and your current account. Signing out clears them.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy policy"
      intro={
        <p>
          Your card is about being found by the right people. This policy explains what data
          Cardbuilder handles to make that happen, and how you stay in control of it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
