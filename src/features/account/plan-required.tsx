import { ButtonLink } from '@/ui/button';
import { Alert } from '@/ui/page';

/** A settings section the account's plan does not include: why, and the way to the plans. */
export function PlanRequired(props: { message: string }) {
  return (
    <>
      <Alert tone="info">{props.message}</Alert>
      <div>
        <ButtonLink to="/pricing" variant="secondary">
          See the plans
        </ButtonLink>
      </div>
    </>
  );
}
