/**
 * /register/step2: a signed-in user without an account creates one: a name, a unique directory
 * slug, and a first team that becomes their default team. Then on to the builder. A user who
 * arrived with an invitation joins that account instead (`useInviteAcceptance`); if it cannot be
 * accepted they read why and may set up their own account here.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '@/ui/toast';
import { useNavigate } from 'react-router-dom';
import { slugify } from '@/domain/slug';
import { SLUG_TAKEN_MESSAGE, useAccountStoreApi } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Alert, PageLoader } from '@/ui/page';
import { TextField } from '@/ui/text-field';
import { AuthCard } from './auth-card';
import { pathAfterSetup } from '@/data/chosen-plan';
import { useInviteAcceptance } from './invite';

type SlugCheck = {
  slug: string;
  state: 'checking' | 'free' | 'taken' | 'error';
  /** A free address close to a taken one, as handles offer. */
  suggestion?: string;
} | null;

export const TEAM_NAME_REQUIRED_MESSAGE = 'Please enter a name for your first team.';

/** The first free address of `slug-2` … `slug-9`, or undefined. */
async function freeSlugNear(
  slug: string,
  isFree: (candidate: string) => Promise<boolean>,
): Promise<string | undefined> {
  for (let n = 2; n <= 9; n += 1) {
    const candidate = `${slug}-${n}`;
    if (await isFree(candidate)) return candidate;
  }
  return undefined;
}

export function AccountSetupPage() {
  const accountStore = useAccountStoreApi();
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const email = useAuth((s) => s.authUser?.email ?? '');
  const [name, setName] = useState('');
  // The address follows the name until the person edits it.
  const [slugInput, setSlugInput] = useState<string | null>(null);
  // The first team is named after the account until the person names it: shown in the field, not
  // applied silently behind an empty one; emptied on purpose, it is refused.
  const [typedTeamName, setTypedTeamName] = useState<string | null>(null);
  const teamName = typedTeamName ?? name;
  const [errors, setErrors] = useState<{ name?: string; slug?: string; teamName?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [check, setCheck] = useState<SlugCheck>(null);
  const invite = useInviteAcceptance();

  const slug = slugify(slugInput ?? name);

  useEffect(() => {
    if (slug.length < 2) return;
    let current = true;
    const timer = window.setTimeout(() => {
      setCheck({ slug, state: 'checking' });
      const isFree = (candidate: string) => accountStore.getState().isSlugAvailable(candidate);
      isFree(slug)
        .then(async (free) => {
          if (!current) return;
          if (free) {
            setCheck({ slug, state: 'free' });
            return;
          }
          setCheck({ slug, state: 'taken' });
          const suggestion = await freeSlugNear(slug, isFree);
          if (current && suggestion) setCheck({ slug, state: 'taken', suggestion });
        })
        .catch((err: unknown) => {
          console.warn('[setup] slug check failed', err);
          if (current) setCheck({ slug, state: 'error' });
        });
    }, 350);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [slug, accountStore]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setErrors({});
    if (teamName.trim() === '' && name.trim() !== '') {
      setErrors({ teamName: TEAM_NAME_REQUIRED_MESSAGE });
      return;
    }
    setBusy(true);
    const result = await accountStore.getState().createAccount({ name, slug, teamName });
    setBusy(false);
    if (result.ok) {
      toast.success('Your account is ready. Let’s build your first card.');
      // A plan chosen on the pricing table before sign-up goes on to its checkout.
      navigate(pathAfterSetup('/builder'), { replace: true });
      return;
    }
    if (result.field) setErrors({ [result.field]: result.message });
    else setFormError(result.message);
    if (result.field === 'slug' && result.message === SLUG_TAKEN_MESSAGE) {
      const isFree = (candidate: string) => accountStore.getState().isSlugAvailable(candidate);
      setCheck({ slug, state: 'taken' });
      const suggestion = await freeSlugNear(slug, isFree).catch(() => undefined);
      if (suggestion) setCheck({ slug, state: 'taken', suggestion });
    }
  }

  const liveCheck = check && check.slug === slug ? check.state : null;
  const suggestion = check && check.slug === slug ? check.suggestion : undefined;
  const slugError = errors.slug ?? (liveCheck === 'taken' ? SLUG_TAKEN_MESSAGE : undefined);

  if (invite.status === 'joining') {
    return (
      <AuthCard title="Joining your team">
        <PageLoader label="Accepting your invitation…" />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      wide
      title="Set up your account"
      lead={
        <>
          Almost there
          {email ? (
            <>
              , <strong>{email}</strong>
            </>
          ) : null}
          . Name your account and we’ll create your first team.
        </>
      }
    >
      {invite.status === 'failed' ? (
        <Alert tone="error">
          <p>
            <strong>We couldn’t add you to the team you were invited to.</strong> {invite.message}
          </p>
          <p>You can set up your own account below instead.</p>
        </Alert>
      ) : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          label="Account name"
          autoComplete="organization"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          hint="Usually your company or organisation."
        />
        <TextField
          label="Directory address"
          required
          value={slugInput ?? slug}
          onChange={(e) => setSlugInput(e.target.value)}
          onBlur={() => slugInput !== null && setSlugInput(slug)}
          error={slugError}
          hint={
            liveCheck === 'free' ? (
              <span className="slug-status--ok">“{slug}” is available.</span>
            ) : (
              'Lowercase letters, numbers and hyphens. It names your team directory.'
            )
          }
        />
        {slugError && suggestion ? (
          <p className="slug-suggestion">
            “{suggestion}” is free.{' '}
            <Button
              variant="link"
              onClick={() => {
                setSlugInput(suggestion);
                setErrors((e) => {
                  const { slug: _taken, ...rest } = e;
                  return rest;
                });
              }}
            >
              Use “{suggestion}”
            </Button>
          </p>
        ) : null}
        <TextField
          label="First team name"
          value={teamName}
          required
          onChange={(e) => setTypedTeamName(e.target.value)}
          error={errors.teamName}
          placeholder="Sales"
          hint="Teams share branding and links. It becomes your default team; add more later."
        />
        <Button type="submit" busy={busy} disabled={!user} block>
          Continue
        </Button>
        {!user ? <p className="auth-card__fine-print">Finishing your sign-up…</p> : null}
      </form>
    </AuthCard>
  );
}
