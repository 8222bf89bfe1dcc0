/** /: what Cardbuilder is, for whom, and the way in. */
import { Link } from 'react-router-dom';
import { BrandMark } from '@/ui/brand-mark';
import { ButtonLink } from '@/ui/button';
import { useDocumentTitle } from '@/ui/use-document-title';
import './landing.css';

const FEATURES = [
  {
    title: 'Share in one tap',
    text: 'A link, a QR code or your email signature: people get your details on any phone, no app to install.',
  },
  {
    title: 'Saved straight to contacts',
    text: 'Visitors save your card as a contact with one tap, with your photo, phone, email and links.',
  },
  {
    title: 'One brand for the whole team',
    text: 'Teams share logos, colours and company links. Change them once and every card follows.',
  },
  {
    title: 'Capture every lead',
    text: 'An optional form lets people leave their details, so every conversation has a follow-up.',
  },
  {
    title: 'See what works',
    text: 'Views and link taps per card show which meetings and channels bring you results.',
  },
  {
    title: 'Private by design',
    text: 'You choose what each card shows and whether search engines may index it. We never sell your data.',
  },
];

const STEPS = [
  {
    title: 'Create your account',
    text: 'Sign up with Google, a password or a one-time email link.',
  },
  {
    title: 'Design your card',
    text: 'Add your photo, contact details and links, and pick a look.',
  },
  {
    title: 'Share it everywhere',
    text: 'Send the link, show the QR code, or add it to your signature.',
  },
];

function CardPreview() {
  return (
    <div className="hero-card" aria-hidden="true">
      <div className="hero-card__banner" />
      <div className="hero-card__avatar">JR</div>
      <p className="hero-card__name">Jordan Rivera</p>
      <p className="hero-card__title">Head of Partnerships · Northwind</p>
      <div className="hero-card__actions">
        <span>Save contact</span>
      </div>
      <ul className="hero-card__links">
        <li>
          <span>Mobile</span>+1 415 555 0142
        </li>
        <li>
          <span>Email</span>jordan@northwind.example
        </li>
        <li>
          <span>LinkedIn</span>in/jordanrivera
        </li>
      </ul>
    </div>
  );
}

export function LandingPage() {
  useDocumentTitle();
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="landing__inner hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Digital business cards</p>
            <h1 id="hero-title">Make every introduction count.</h1>
            <p className="hero__lead">
              Cardbuilder gives you and your team beautiful digital business cards that open
              instantly on any phone, save to contacts in one tap and stay on brand. Grow your
              business fast on social media, in email and on search engines.
            </p>
            <div className="hero__actions">
              <ButtonLink to="/sign-up">Create your free card</ButtonLink>
              <ButtonLink to="/sign-in" variant="secondary">
                Sign in
              </ButtonLink>
            </div>
            <p className="hero__note">
              Free forever for one card. No credit card needed.{' '}
              <Link to="/pricing">Compare plans and pricing</Link>
            </p>
          </div>
          <CardPreview />
        </div>
      </section>

      <section className="landing__section" aria-labelledby="features-title">
        <div className="landing__inner">
          <h2 id="features-title">Everything a paper card does, and much more</h2>
          <ul className="feature-grid">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="feature">
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="landing__section landing__section--tinted" aria-labelledby="steps-title">
        <div className="landing__inner">
          <h2 id="steps-title">Ready in three minutes</h2>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="landing__section" aria-labelledby="teams-title">
        <div className="landing__inner cta">
          <BrandMark size={48} />
          <h2 id="teams-title">Built for teams that meet people</h2>
          <p>
            Sales, recruiting, real estate and events teams use Cardbuilder to keep every card
            current and on brand, with plans that grow with the team.
          </p>
          <div className="cta__actions">
            <ButtonLink to="/sign-up">Get started free</ButtonLink>
            <ButtonLink to="/pricing" variant="secondary">
              See plans and pricing
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
