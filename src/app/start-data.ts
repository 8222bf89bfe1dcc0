/**
 * The schemas of the documents the first screens read, with zod and the handle rules under them:
 * a start-up step of their own (src/main.ts), since building them took a slow phone a task of
 * 100 ms and more. Whatever else start-app needs loads in the step after.
 */
export { storedAccountSchema } from '../domain/schemas/account';
export { storedCardSchema } from '../domain/schemas/card';
export { storedInviteSchema } from '../domain/schemas/invite';
export { storedTeamSchema } from '../domain/schemas/team';
export { storedUserSchema } from '../domain/schemas/user';
