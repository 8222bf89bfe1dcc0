/**
 * The contact download (`{card}/{id-or-handle}/vcard`): the card as a vCard file, its photo
 * embedded when the card or the product's file store holds it (else linked), an optional note
 * from `?note=`, and the save counted.
 */
import { increment } from 'firestore-engine/transforms';
import { buildVCard, foldVCardLine, type VCardOptions } from '@/domain/vcard';
import { cardPublicUrl } from '@/domain/urls';
import { baseHeaders } from '@/card-view/render/security-headers';
import { cardImage } from './card-image';
import type { PublicContext, PublicRequest, PublicResponse } from './public-surface-types';
import type { SurfaceDeps } from './surface-deps';
import { dayKey } from './surface-request';
import { cardNotFound } from './visitor-language';

const NOTE_MAX = 500;

/** `{name}.vcf`, reduced to safe ASCII for the plain filename parameter. */
function contentDisposition(name: string): string {
  const base = name.trim() || 'contact';
  const ascii = base
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\/;:,*?<>|%]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return `attachment; filename="${ascii || 'contact'}.vcf"; filename*=UTF-8''${encodeURIComponent(`${base}.vcf`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export type VCardRoute = (
  req: PublicRequest,
  ctx: PublicContext,
  key: string,
) => Promise<PublicResponse>;

export function createVCardRoute({ now, cards, analytics }: SurfaceDeps): VCardRoute {
  return async function vCard(req, ctx, key) {
    const card = await cards.cardByIdOrHandle(ctx.db, key);
    if (card === null) return cardNotFound(req);
    const url = cardPublicUrl(card, ctx.hosts);
    const note = (req.url.searchParams.get('note') ?? '').slice(0, NOTE_MAX);
    // Embedded when the card holds the image itself, else its address (PHOTO;VALUE=URI).
    const photo = cardImage(card.template.photoAvatar, url);
    if (photo.embed === undefined && photo.uri !== undefined && ctx.loadPhoto) {
      const loaded = await ctx.loadPhoto(photo.uri).catch(() => null);
      if (loaded) {
        photo.embed = loaded;
        delete photo.uri;
      }
    }
    const options: VCardOptions = { url };
    if (note.trim() !== '') options.note = note;
    if (photo.embed !== undefined) options.photo = photo.embed;
    let text = buildVCard(card, options);
    if (photo.uri !== undefined) {
      text = text.replace(
        /END:VCARD\r\n$/,
        `${foldVCardLine(`PHOTO;VALUE=URI:${photo.uri}`)}\r\nEND:VCARD\r\n`,
      );
    }
    const at = now();
    if (analytics.countable(req, card, 'save', at)) {
      const day = dayKey(at);
      await analytics.count(ctx.db, card, {
        saves: increment(1),
        savesByDay: { [day]: increment(1) },
      });
    }
    return {
      status: 200,
      headers: {
        ...baseHeaders(),
        'Content-Type': 'text/vcard; charset=utf-8',
        'Content-Disposition': contentDisposition(card.name),
        'Cache-Control': 'no-store',
      },
      body: text,
    };
  };
}
