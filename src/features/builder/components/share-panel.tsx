import type { AppShare } from '@/domain/model';
import { shareDescription } from '@/domain/share';
import { TextField } from '@/ui/text-field';
import { useBuilderStoreApi } from '../builder-store';
import { Section, TextAreaField } from './fields';
import { ImageField } from './image-field';

export function SharePanel(props: {
  appShare: AppShare | undefined;
  fallbackTitle: string;
  /** The name, title and company the public page builds a description from when none is set. */
  card: { name: string; title: string; company: string };
}) {
  const store = useBuilderStoreApi();
  const share = props.appShare ?? {};
  const patch = store.getState().patch;
  return (
    <Section
      title="Link preview"
      description="What LinkedIn, Slack, iMessage and search engines show when your card's link is shared."
    >
      <TextField
        label="Share title"
        value={share.title ?? ''}
        placeholder={props.fallbackTitle || 'Your name — your title'}
        onChange={(e) => patch({ appShare: { title: e.target.value } })}
        maxLength={120}
        hint="Leave empty to use the name and title."
      />
      <TextAreaField
        label="Share description"
        value={share.description ?? ''}
        placeholder={shareDescription({ ...props.card, appShare: {} })}
        onChange={(e) => patch({ appShare: { description: e.target.value } })}
        maxLength={300}
        rows={3}
        hint="Leave empty to use the text shown in grey."
      />
      <ImageField
        slot="ogImage"
        label="Share image"
        value={share.ogImage}
        hint="1200 × 630 px looks best. PNG, JPEG, WebP or GIF, up to 5 MB."
      />
    </Section>
  );
}
