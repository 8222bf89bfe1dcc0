/**
 * The editor's tabs after Profile (links, lead form, design, signature, share, handle, analytics),
 * in a chunk of their own: the builder opens on Profile, so a phone downloads these once the
 * editor is on screen instead of before it (`card-editor.tsx` loads them).
 */
import type { ReactNode } from 'react';
import type { CardDraft } from '@/domain/builder';
import { cardColors } from '@/domain/colors';
import type { Gates } from '@/domain/gates';
import type { Card, CardTemplate, Template } from '@/domain/model';
import { signaturePreviewUrl, trackedCardUrl, type PublicHosts } from '@/domain/urls';
import type { HandleCheck } from '../use-handle-check';
import { CardAnalytics } from './card-analytics';
import { DesignPanel } from './design-panel';
import { HandlePanel } from './handle-panel';
import { LeadFormPanel } from './lead-form-panel';
import { LinksPanel } from './links-panel';
import { ShareLinkSection } from './share-link-section';
import { SharePanel } from './share-panel';
import { SignaturePanel } from './signature-panel';
import { VirtualBackgroundSection } from './virtual-background';
import { WalletPassesSection } from './wallet-passes';

const NO_TEAM_STYLES: readonly string[] = [];

export interface EditorTabProps {
  tab: 'links' | 'lead' | 'design' | 'signature' | 'share' | 'handle' | 'analytics';
  draft: CardDraft;
  stored: Card | undefined;
  hosts: PublicHosts;
  wallets: { apple: boolean; google: boolean };
  gates: Gates;
  templates: readonly Template[];
  teamTemplate: CardTemplate | null;
  teamName: string | null;
  renderPreview: (card: Card) => ReactNode;
  linkProblems: Record<string, string>;
  onLinkLeft: (id: string) => void;
  handleCheck: HandleCheck;
  handleError: string | null;
  publicUrl: string | null;
}

/** The panel of one of these tabs. */
export function EditorTab(props: EditorTabProps) {
  const { draft, stored, hosts } = props;
  switch (props.tab) {
    case 'links':
      return (
        <LinksPanel
          contacts={draft.contacts ?? []}
          problems={props.linkProblems}
          onLinkLeft={props.onLinkLeft}
        />
      );
    case 'lead':
      return <LeadFormPanel appForm={draft.appForm} />;
    case 'design':
      return (
        <DesignPanel
          template={draft.template}
          templates={props.templates}
          teamTemplate={props.teamTemplate}
          teamName={props.teamName}
          teamStyles={stored?.teamStyles ?? NO_TEAM_STYLES}
          gates={props.gates}
          renderPreview={props.renderPreview}
          person={{ name: draft.name, title: draft.title, company: draft.company }}
        />
      );
    case 'signature':
      return (
        <SignaturePanel
          signatureBasic={draft.signatureBasic}
          teamStyles={stored?.teamStyles ?? NO_TEAM_STYLES}
          previewUrl={stored ? signaturePreviewUrl(stored, hosts) : null}
        />
      );
    case 'share':
      return (
        <>
          <ShareLinkSection
            url={stored ? trackedCardUrl(stored, hosts) : null}
            colors={cardColors(draft.template)}
            name={draft.name ?? ''}
            fileStem={stored?.handle ?? ''}
          />
          <SharePanel
            appShare={draft.appShare}
            fallbackTitle={[draft.name, draft.title].filter(Boolean).join(' — ')}
            card={{
              name: draft.name ?? '',
              title: draft.title ?? '',
              company: draft.company ?? '',
            }}
          />
          <VirtualBackgroundSection
            input={{
              name: draft.name ?? '',
              title: draft.title ?? '',
              company: draft.company ?? '',
              template: draft.template,
            }}
            url={stored ? trackedCardUrl(stored, hosts) : null}
            fileStem={stored?.handle ?? ''}
          />
          <WalletPassesSection card={stored ?? null} hosts={hosts} wallets={props.wallets} />
        </>
      );
    case 'handle':
      return (
        <HandlePanel
          draft={draft}
          hosts={hosts}
          check={props.handleCheck}
          formatError={props.handleError}
          savedUrl={props.publicUrl}
        />
      );
    case 'analytics':
      return stored ? <CardAnalytics card={stored} /> : null;
  }
}
