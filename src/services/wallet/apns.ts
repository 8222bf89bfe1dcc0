/**
 * Apple Push Notification service as Wallet passes use it (docs/wallet-updates.md): one empty push
 * per registered device, over HTTP/2, authenticated by an ES256 provider token. The endpoint is
 * configuration (`APNS_URL`, Apple's by default), so tests point it at an HTTP/2 stand-in of their
 * own.
 */
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { createPrivateKey, sign } from 'node:crypto';
import { pemFromEnv } from './wallet-config';

export const APNS_PRODUCTION_URL = 'https://api.push.apple.com';

export interface ApnsConfig {
  /** `https://api.push.apple.com` (or a stand-in's address). */
  readonly endpoint: string;
  /** The APNs auth key's id (10 characters, from the developer account). */
  readonly keyId: string;
  /** The Apple developer team id: the token's issuer. */
  readonly teamId: string;
  /** PEM (PKCS#8, the `.p8` file) of the APNs auth key: a secret. */
  readonly key: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The APNs settings of an environment and key, or null (no pushes) unless all are set. */
export function apnsConfig(env: Env, key: string): ApnsConfig | null {
  const keyId = (env.APNS_KEY_ID ?? '').trim();
  const teamId = (env.APPLE_TEAM_ID ?? '').trim();
  if (keyId === '' || teamId === '' || key.trim() === '') return null;
  return {
    endpoint: (env.APNS_URL ?? '').trim() || APNS_PRODUCTION_URL,
    keyId,
    teamId,
    key: pemFromEnv(key),
  };
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** The provider token: a JWT signed ES256 (raw r‖s signature, as JOSE wants it). */
export function apnsToken(config: ApnsConfig, now: Date): string {
  const input = `${base64url({ alg: 'ES256', kid: config.keyId })}.${base64url({
    iss: config.teamId,
    iat: Math.floor(now.getTime() / 1000),
  })}`;
  const signature = sign('sha256', Buffer.from(input, 'utf8'), {
    key: createPrivateKey(config.key),
    dsaEncoding: 'ieee-p1363',
  });
  return `${input}.${signature.toString('base64url')}`;
}

/** What APNs said about one push: its status and, on a refusal, its reason. */
export interface PushResult {
  readonly status: number;
  readonly reason?: string;
}

export interface ApnsSender {
  /** Tells the device holding `pushToken` that a pass of `topic` changed. */
  push(pushToken: string, topic: string): Promise<PushResult>;
  close(): void;
}

// Apple refuses a token older than an hour, and one renewed more often than every 20 minutes.
const TOKEN_LIFETIME_MS = 40 * 60_000;

export function createApnsSender(
  config: ApnsConfig,
  now: () => Date = () => new Date(),
): ApnsSender {
  let session: ClientHttp2Session | null = null;
  let token: { value: string; at: number } | null = null;

  function connection(): ClientHttp2Session {
    if (session === null || session.closed || session.destroyed) {
      const opened = connect(config.endpoint);
      opened.on('error', () => {
        if (session === opened) session = null;
      });
      opened.on('close', () => {
        if (session === opened) session = null;
      });
      opened.unref();
      session = opened;
    }
    return session;
  }

  function bearer(): string {
    const at = now().getTime();
    if (token === null || at - token.at > TOKEN_LIFETIME_MS) {
      token = { value: apnsToken(config, now()), at };
    }
    return token.value;
  }

  return {
    push(pushToken, topic) {
      return new Promise<PushResult>((resolve, reject) => {
        const req = connection().request({
          [constants.HTTP2_HEADER_METHOD]: 'POST',
          [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(pushToken)}`,
          authorization: `bearer ${bearer()}`,
          'apns-topic': topic,
          'content-type': 'application/json',
        });
        let status = 0;
        const chunks: Buffer[] = [];
        req.setTimeout(10_000, () => req.close(constants.NGHTTP2_CANCEL));
        req.on('response', (headers) => {
          status = Number(headers[constants.HTTP2_HEADER_STATUS] ?? 0);
        });
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          let reason: string | undefined;
          try {
            const body = Buffer.concat(chunks).toString('utf8');
            reason = body ? (JSON.parse(body) as { reason?: string }).reason : undefined;
          } catch {
            reason = undefined;
          }
          resolve(reason !== undefined ? { status, reason } : { status });
        });
        req.on('error', reject);
        req.end('{}');
      });
    },
    close() {
      session?.close();
      session = null;
    },
  };
}
