/** /terms: the terms of service. */
import { Link } from 'react-router-dom';
import { LegalPage } from './legal-page';
import type { LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'service',
    title: 'The service',
    body: (
      <p>
        Cardbuilder lets you create, share and manage digital business cards for yourself and your
        team. These terms apply to everyone who creates an account or uses the service on behalf of
        an account (“you”). By creating an account you accept them.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>You must give accurate sign-up details and keep your sign-in method secure.</li>
        <li>
          The person who creates an account is its owner and is responsible for the people they
          invite as collaborators and team members.
        </li>
        <li>Tell us straight away if you think someone else has used your account.</li>
        <li>You must be at least 16 years old, or the age of digital consent where you live.</li>
      </ul>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <>
        <p>
          You keep ownership of everything you put on your cards: names, photos, logos, links and
          other details. You give us the permission we need to store, display and share that content
          with the people you share your cards with, and nothing more.
        </p>
        <p>
          Only publish details you have the right to share. If you create cards for colleagues, make
          sure they agree to the details shown.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to use Cardbuilder to:</p>
        <ul>
          <li>impersonate anyone, or mislead people about who you are or who you work for;</li>
          <li>link to malware, phishing pages or unlawful content;</li>
          <li>send spam, or collect other people’s details without their consent;</li>
          <li>probe, overload or work around the security of the service.</li>
        </ul>
        <p>We may suspend cards or accounts that break these rules, and will tell you why.</p>
      </>
    ),
  },
  {
    id: 'plans',
    title: 'Plans and payment',
    body: (
      <>
        <p>
          The free plan includes one card. Paid plans add more cards and features and are billed in
          advance each month or year through our payment provider. Prices are shown before you pay,
          and taxes may apply.
        </p>
        <p>
          You can cancel at any time from the billing page; your plan stays active until the end of
          the period you paid for. If you go over your plan’s card limit we will ask you to upgrade
          before you add more cards.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <p>
        We work hard to keep Cardbuilder fast and available, but we cannot promise it will never be
        interrupted. We may improve or change features; if a change takes away something you pay
        for, we will give you notice and, where fair, a refund for the unused period.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        The service is provided as it is. To the extent the law allows, we are not liable for
        indirect or consequential losses, and our total liability is limited to the amount you paid
        us in the twelve months before the claim. Nothing in these terms limits liability that
        cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your account',
    body: (
      <p>
        You can stop using Cardbuilder at any time and ask us to delete your account. When an
        account is closed its public cards stop working and we delete its data as described in the{' '}
        <Link to="/privacy-policy">privacy policy</Link>.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to{' '}
        <a href="mailto:legal@cardbuilder.app">legal@cardbuilder.app</a>. We will reply within two
        working days.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of service"
      intro={
        <p>
          These terms explain what you can expect from Cardbuilder and what we expect from you. We
          have kept them as short and plain as we can.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
