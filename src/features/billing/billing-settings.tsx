import { Link } from 'react-router-dom';
import type { Subscription } from '@/data/billing';
import type { Plan } from '@/domain/model';
import {
  cardLimit,
  cardProgress,
  isCardCapReached,
  remainingCards,
  trialDaysRemaining,
} from '@/domain/plan';
import { isSubscriptionCurrent, subscriptionEndsAt } from '@/domain/subscriptions';
import { useAccount } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { Button, ButtonLink } from '@/ui/button';
import { Alert, Page, PageHeader, PageLoader } from '@/ui/page';
import { useDocumentTitle } from '@/ui/use-document-title';
import {
  PLAN_FEATURES,
  formatDate,
  mainSubscription,
  planDisplayName,
  statusLabel,
} from './billing-format';
import type { ProductWithPrices } from '@/data/billing';
import { useBilling, useBillingStoreApi, type ResumeState } from './billing-store';
import { useBillingLifecycle } from './use-billing-lifecycle';
import './billing.css';

function plural(n: number, one: string, many: string): string {
  return `${n} ${Math.abs(n) === 1 ? one : many}`;
}

/** Cards used of the limit (docs/product.md §9), as text and as an accessible progress bar. */
export function CardUsage(props: { plan: Plan }) {
  const { plan } = props;
  const limit = cardLimit(plan);
  const inUse = Number(plan.cardsInUse) || 0;
  const progress = cardProgress(plan);
  const remaining = remainingCards(plan);
  const capReached = isCardCapReached(plan);
  const shown = Math.max(0, Math.min(100, progress));
  const compCards = Number(plan.compCards) || 0;
  return (
    <section className="panel billing-panel" aria-labelledby="billing-cards-heading">
      <h2 id="billing-cards-heading">Cards</h2>
      <p className="usage__figure">
        <strong>{inUse}</strong> of <strong>{limit}</strong> cards used
      </p>
      <div
        className={`usage__bar${capReached ? ' usage__bar--full' : ''}`}
        role="progressbar"
        aria-label="Cards used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-valuetext={`${inUse} of ${limit} cards used (${progress}%)`}
      >
        <span className="usage__fill" style={{ width: `${shown}%` }} />
      </div>
      <p className="usage__remaining">
        {remaining > 0
          ? `${plural(remaining, 'card', 'cards')} left`
          : remaining === 0
            ? 'No cards left'
            : `${plural(-remaining, 'card', 'cards')} over the limit`}
        {compCards > 0
          ? ` · includes ${plural(compCards, 'complimentary card', 'complimentary cards')}`
          : ''}
      </p>
    </section>
  );
}

/**
 * What the subscription means for the plan, in words that never contradict the plan line: a status
 * badge only ("Active", not "Active current"), the consequence only when it is bad news, and for no
 * subscription, why the plan is what it is (the owner pays, nothing is billed, a trial).
 */
export function subscriptionSummary(input: {
  plan: Pick<Plan, 'isPaidAccount'>;
  subscription: Pick<Subscription, 'status'> | null;
  isOwner: boolean;
  inTrial: boolean;
}): { badge: string | null; current: boolean; note: string | null } {
  const { plan, subscription, isOwner, inTrial } = input;
  if (subscription) {
    const current = isSubscriptionCurrent(subscription.status);
    // Only an account's first trial is paid for (the plan sync decides): a second one is not.
    if (subscription.status === 'trialing' && !plan.isPaidAccount) {
      return {
        badge: statusLabel(subscription.status),
        current: false,
        note: 'This account has already had its free trial: the paid features start with the first payment.',
      };
    }
    return {
      badge: statusLabel(subscription.status),
      current,
      note: current ? null : 'Not current: the paid features are off.',
    };
  }
  if (!isOwner) return { badge: null, current: false, note: 'Billed to the account owner.' };
  if (inTrial) return { badge: null, current: false, note: 'None yet: you are on a free trial.' };
  return {
    badge: null,
    current: false,
    note: plan.isPaidAccount
      ? 'None: nothing is billed for this plan.'
      : 'None: the free plan needs none.',
  };
}

function SubscriptionFacts(props: {
  plan: Plan;
  subscription: Subscription | null;
  isOwner: boolean;
  now: Date;
}) {
  const { plan, subscription, now } = props;
  const trialEnd = plan.trialEndDate instanceof Date ? plan.trialEndDate : null;
  const inTrial = trialEnd !== null && trialEnd.getTime() > now.getTime();
  const summary = subscriptionSummary({ plan, subscription, isOwner: props.isOwner, inTrial });
  const current = summary.current;
  return (
    <dl className="billing-facts">
      <dt>Subscription</dt>
      <dd>
        {summary.badge ? (
          <span className={`badge ${current ? 'badge--on' : 'badge--off'}`}>{summary.badge}</span>
        ) : null}
        {summary.badge && summary.note ? ' ' : null}
        {summary.note ? <span className="billing-facts__note">{summary.note}</span> : null}
      </dd>
      {inTrial && trialEnd ? (
        <>
          <dt>Trial</dt>
          <dd>
            {plural(trialDaysRemaining(trialEnd, now), 'day', 'days')} left · ends{' '}
            {formatDate(trialEnd)}
          </dd>
        </>
      ) : null}
      {subscription && current && subscription.currentPeriodEnd && !inTrial ? (
        <>
          <dt>{subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews'}</dt>
          <dd>{formatDate(subscription.currentPeriodEnd)}</dd>
        </>
      ) : null}
      {subscription && !current && subscription.canceledAt ? (
        <>
          <dt>Canceled</dt>
          <dd>{formatDate(subscription.canceledAt)}</dd>
        </>
      ) : null}
    </dl>
  );
}

function SubscriptionHistory(props: {
  subscriptions: readonly Subscription[];
  products: readonly ProductWithPrices[];
}) {
  if (props.subscriptions.length === 0) return null;
  return (
    <section
      className="panel billing-panel billing-history"
      aria-labelledby="billing-history-heading"
    >
      <h2 id="billing-history-heading">Subscriptions</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
          </tr>
        </thead>
        <tbody>
          {props.subscriptions.map((sub) => (
            <tr key={sub.id}>
              <td>{props.products.find((p) => p.id === sub.productId)?.name ?? 'Subscription'}</td>
              <td>{statusLabel(sub.status)}</td>
              <td>{sub.created ? formatDate(sub.created) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The subscription is cancelled at period end: the plan stays until then (the plan sync keeps it
 * paid), and Resume resumes it here, through the `resumeSubscription` callable. The button stays
 * busy from the click until the provider's change reaches the followed subscription, which ends
 * the banner.
 */
function EndingBanner(props: { endsAt: Date; resume: ResumeState; onResume: (() => void) | null }) {
  const busy = props.resume.status === 'resuming' || props.resume.status === 'resumed';
  return (
    <div className="billing-ending" role="status">
      <p>
        <strong>Your plan ends on {formatDate(props.endsAt)}.</strong> The paid features stay until
        then; after that the account moves to the Free plan.
      </p>
      {props.onResume ? (
        <Button variant="primary" busy={busy} onClick={props.onResume}>
          Resume
        </Button>
      ) : null}
      {props.resume.status === 'error' ? (
        <Alert tone="error">Your plan could not be resumed: {props.resume.message}</Alert>
      ) : null}
    </div>
  );
}

/** Said to collaborators and card editors where the owner sees the billing actions. */
export const OWNER_MANAGES_BILLING = 'The account owner manages the plan and billing.';

/**
 * The card cap, and what a plan below the cards in use means (a downgrade): the cards stay live,
 * only new ones wait until the account is under its limit (docs/decisions/013).
 */
export function capMessage(plan: Plan): { title: string; detail: string } | null {
  if (!isCardCapReached(plan)) return null;
  const limit = cardLimit(plan);
  const inUse = Number(plan.cardsInUse) || 0;
  if (inUse > limit) {
    return {
      title: `Your plan includes ${plural(limit, 'card', 'cards')}; this account has ${inUse}.`,
      detail: `Every card stays live, but no new card can be created until fewer than ${limit} are in use.`,
    };
  }
  return {
    title: 'You have reached your card limit.',
    detail: 'New cards cannot be created on this plan.',
  };
}

/**
 * /settings/billing (docs/product.md §2, §9): the account's plan and subscription, trial days left, cards used of
 * the limit with the cap warning, the paid features, and the ways to upgrade (the pricing table) and
 * to manage billing (the payment provider's portal). Checkout and the portal come back here; the
 * account is followed live, so a new plan shows without a reload.
 */
export function BillingSettingsPage() {
  useDocumentTitle('Billing');
  const store = useBillingStoreApi();
  const user = useAuth((s) => s.user);
  const account = useAccount((s) => s.account);
  const accountStatus = useAccount((s) => s.status);
  const gates = useAccount((s) => s.gates);
  const products = useBilling((s) => s.products);
  const subscriptions = useBilling((s) => s.subscriptions);
  const portal = useBilling((s) => s.portal);
  const resume = useBilling((s) => s.resume);
  useBillingLifecycle(user?.id ?? null);

  if (!account) {
    return accountStatus === 'missing' || accountStatus === 'error' ? (
      <Page width="narrow">
        <PageHeader title="Billing" />
        <Alert tone="error">We could not find your account. Please sign in again.</Alert>
      </Page>
    ) : (
      <PageLoader label="Loading billing…" />
    );
  }

  const plan = account.plan;
  const now = new Date();
  const subscription = mainSubscription(subscriptions);
  const endsAt = subscription && plan.isPaidAccount ? subscriptionEndsAt(subscription, now) : null;
  const portalBusy = portal.status === 'opening' || portal.status === 'redirecting';
  const openPortal = () => {
    void store.getState().openPortal();
  };
  const cap = capMessage(plan);
  const upgradeLabel = plan.isPaidAccount ? 'Change plan' : 'Upgrade plan';
  // Only the owner pays for the account (the checkout rule in firestore.rules): the others read.
  const isOwner = user !== null && account.ownerId === user.id;

  return (
    <Page className="billing-page">
      <PageHeader
        title="Billing"
        lead={`Plan, cards and subscription of ${account.name}.`}
        actions={isOwner ? <ButtonLink to="/pricing">{upgradeLabel}</ButtonLink> : null}
      />
      {endsAt && subscription ? (
        <EndingBanner
          endsAt={endsAt}
          resume={resume}
          // The subscriptions listed are the viewer's own: whoever pays may resume.
          onResume={() => void store.getState().resumeSubscription(subscription.id)}
        />
      ) : null}
      {!endsAt && resume.status === 'done' ? (
        <Alert tone="success">
          <strong>Your plan carries on.</strong>
          {subscription?.currentPeriodEnd
            ? subscription.status === 'trialing'
              ? ` The trial ends on ${formatDate(subscription.currentPeriodEnd)}, when the first payment is taken.`
              : ` It renews on ${formatDate(subscription.currentPeriodEnd)}.`
            : null}
        </Alert>
      ) : null}
      {cap ? (
        <div className="cap-warning" role="status">
          <strong>{cap.title}</strong> {cap.detail}{' '}
          {isOwner ? <Link to="/pricing">Upgrade to add more cards</Link> : null}
        </div>
      ) : null}
      <div className="billing-grid">
        <section className="panel billing-panel" aria-labelledby="billing-plan-heading">
          <h2 id="billing-plan-heading">Current plan</h2>
          {/* The plan's name alone: a "Free" badge repeated "Free", and a "Paid" one read as
              money taken beside "No subscription". The facts below say how it is billed. */}
          <p className="billing-plan">
            <span className="billing-plan__name">{planDisplayName(plan, products)}</span>
          </p>
          <SubscriptionFacts
            plan={plan}
            subscription={subscription}
            isOwner={user !== null && (account.ownerId === user.id || !account.ownerId)}
            now={now}
          />
          {!isOwner ? <p className="billing-owner-note">{OWNER_MANAGES_BILLING}</p> : null}
          {isOwner && subscriptions.length > 0 ? (
            <div className="billing-actions">
              <Button variant="secondary" busy={portalBusy} onClick={openPortal}>
                Manage billing
              </Button>
            </div>
          ) : null}
          {portal.status === 'error' ? <Alert tone="error">{portal.message}</Alert> : null}
        </section>
        <CardUsage plan={plan} />
        <section className="panel billing-panel" aria-labelledby="billing-features-heading">
          <h2 id="billing-features-heading">Features</h2>
          <ul className="feature-list">
            {PLAN_FEATURES.map((feature) => (
              <li
                key={feature.gate}
                className={gates[feature.gate] ? 'feature-list__on' : 'feature-list__off'}
              >
                <span aria-hidden="true" className="feature-list__mark">
                  {gates[feature.gate] ? '✓' : '–'}
                </span>
                {feature.label}
                <span className="visually-hidden">
                  {gates[feature.gate] ? ': included' : ': not included'}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <SubscriptionHistory subscriptions={subscriptions} products={products} />
    </Page>
  );
}
