/**
 * The e-mail action codes of Firebase Auth (password reset, e-mail verification and recovery
 * links), for the app's own handler page at `/auth/action`. Apart from `auth.ts` because these
 * calls need no signed-in session and no store; like it, nothing from the SDK crosses this module.
 * It uses the Auth instance `initAuth` created: `getAuth` would bring every persistence the SDK has.
 */
import {
  applyActionCode as firebaseApplyActionCode,
  checkActionCode as firebaseCheckActionCode,
  confirmPasswordReset as firebaseConfirmPasswordReset,
  verifyPasswordResetCode as firebaseVerifyPasswordResetCode,
} from 'firebase/auth';
import { auth, guard } from './auth';

/** What an action code is for and the addresses it concerns (`checkActionCode`). */
export interface ActionCodeInfo {
  /** `PASSWORD_RESET`, `VERIFY_EMAIL`, `RECOVER_EMAIL`, `VERIFY_AND_CHANGE_EMAIL`, `EMAIL_SIGNIN`... */
  readonly operation: string;
  /**
   * The address the account has once the code is applied: for a recovery the address restored,
   * for a change of e-mail the new one, otherwise the account's address.
   */
  readonly email: string | null;
  /** For a recovery or a change of e-mail: the address the account had before. */
  readonly previousEmail: string | null;
}

/** The operations the `/auth/action` page uses; this module satisfies it, and so do test fakes. */
export interface AuthActionService {
  /** The account a password-reset code belongs to, or a failure when it is invalid or used. */
  verifyPasswordResetCode(code: string): Promise<string>;
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  checkActionCode(code: string): Promise<ActionCodeInfo>;
  /** Applies a verify-e-mail, recover-e-mail or change-e-mail code. */
  applyActionCode(code: string): Promise<void>;
}

export function verifyPasswordResetCode(code: string): Promise<string> {
  return guard(() => firebaseVerifyPasswordResetCode(auth(), code));
}

export function confirmPasswordReset(code: string, newPassword: string): Promise<void> {
  return guard(() => firebaseConfirmPasswordReset(auth(), code, newPassword));
}

export function checkActionCode(code: string): Promise<ActionCodeInfo> {
  return guard(async () => {
    const info = await firebaseCheckActionCode(auth(), code);
    return {
      operation: info.operation,
      email: info.data.email ?? null,
      previousEmail: info.data.previousEmail ?? null,
    };
  });
}

export function applyActionCode(code: string): Promise<void> {
  return guard(() => firebaseApplyActionCode(auth(), code));
}
