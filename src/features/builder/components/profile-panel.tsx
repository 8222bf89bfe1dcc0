import type { CardDraft } from '@/domain/builder';
import { TextField } from '@/ui/text-field';
import { useBuilderStoreApi } from '../builder-store';
import { ImageField } from './image-field';
import { Section } from './fields';

export function ProfilePanel(props: { draft: CardDraft; nameError: string | null }) {
  const store = useBuilderStoreApi();
  const { draft } = props;
  const patch = store.getState().patch;
  return (
    <>
      <Section title="Profile" description="Who the card is for, as visitors see it at the top.">
        <TextField
          label="Full name"
          value={draft.name ?? ''}
          onChange={(e) => patch({ name: e.target.value })}
          autoComplete="off"
          error={props.nameError}
          required
        />
        <TextField
          label="Job title"
          value={draft.title ?? ''}
          onChange={(e) => patch({ title: e.target.value })}
          autoComplete="off"
        />
        <TextField
          label="Company"
          value={draft.company ?? ''}
          onChange={(e) => patch({ company: e.target.value })}
          autoComplete="off"
        />
        <TextField
          label="Card e-mail"
          type="email"
          value={draft.email ?? ''}
          onChange={(e) => patch({ email: e.target.value })}
          autoComplete="off"
          hint="The e-mail of the person the card is for: shown on the card and saved with the contact."
        />
      </Section>
      <Section title="Photo">
        <ImageField
          slot="photoAvatar"
          label="Profile photo"
          value={draft.template?.photoAvatar}
          hint="PNG, JPEG, WebP or GIF, up to 5 MB. Large photos are resized to 1024 px."
          round
        />
      </Section>
    </>
  );
}
