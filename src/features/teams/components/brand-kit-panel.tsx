/**
 * The team's brand kit (docs/product.md §3): cover background (own image, stock photo or abstract artwork, with
 * overlay and gradient), logo, avatar shape, signature logo, and the team template (look and
 * signature), with a live preview of a team card as it is being edited. This module holds the
 * draft, the uploads and the save; the sections and the preview are their own modules. Saving
 * writes only when `brandKitChanged`; the workspace then applies the branding to coupled cards.
 */
import { useEffect, useMemo, useState } from 'react';
import { toast } from '@/ui/toast';
import { listTemplates } from '@/data/templates';
import { clearTeamTemplate, saveBranding, uploadTeamImage } from '@/data/team-settings';
import type { TeamDoc, TeamImageSlot } from '@/data/team-settings';
import { teamBrandingOf } from '@/domain/team-sync-plan';
import type { TeamBranding } from '@/domain/team-sync-plan';
import type { Gates } from '@/domain/gates';
import { brandKitChanged } from '@/domain/links';
import type { Card, CardTemplate, SignatureBasic, Template } from '@/domain/model';
import { TEAM_TEMPLATE_DELETED_MESSAGE, teamTemplateDeleteErrorMessage } from '@/domain/teams';
import { Button } from '@/ui/button';
import { BrandKitCover, type BrandKitEditing } from './brand-kit-cover';
import {
  brandKitProblem,
  compact,
  demoCard,
  MAX_IMAGE_BYTES,
  withPickedTemplate,
} from './brand-kit-draft';
import { BrandKitPreview } from './brand-kit-preview';
import { BrandKitTemplate } from './brand-kit-template';
import './brand-kit.css';
import { plainWriteError } from '@/domain/access-errors';

export function BrandKitPanel(props: {
  team: TeamDoc;
  gates: Gates;
  coupled: number;
  /** A card of the team to preview the brand kit on (null: a made-up one is shown). */
  sample: Card | null;
  /** The account's name, the made-up card's company. */
  accountName: string;
  /** Called as a save begins (the page takes the previous sync's result away). */
  onSave?: () => void;
}) {
  const { team, gates } = props;
  const [draft, setDraft] = useState<TeamBranding>(() => teamBrandingOf(team));
  const [templates, setTemplates] = useState<Template[]>([]);
  const [uploading, setUploading] = useState<TeamImageSlot | null>(null);
  const [saving, setSaving] = useState(false);
  const [clearing, setClearing] = useState(false);
  const stored = teamBrandingOf(team);
  const changed = brandKitChanged(stored, draft);
  const demo = useMemo(
    () => demoCard({ accountId: team.accountId, teamId: team.id, company: props.accountName }),
    [team.accountId, team.id, props.accountName],
  );

  useEffect(() => {
    let live = true;
    listTemplates().then(
      (list) => {
        if (live) setTemplates(list);
      },
      (err: unknown) => console.warn('[teams] reading templates failed', err),
    );
    return () => {
      live = false;
    };
  }, []);

  function set<K extends keyof TeamBranding>(key: K, value: TeamBranding[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
  }

  function setTemplate(change: { [K in keyof CardTemplate]?: CardTemplate[K] | undefined }) {
    setDraft((d) => ({
      ...d,
      template: compact<CardTemplate>({ ...(d.template ?? {}), ...change }),
    }));
  }

  function setSignature(change: { [K in keyof SignatureBasic]?: SignatureBasic[K] | undefined }) {
    setDraft((d) => ({
      ...d,
      signatureBasic: compact<SignatureBasic>({ ...(d.signatureBasic ?? {}), ...change }),
    }));
  }

  async function upload(slot: TeamImageSlot, file: File) {
    if (!file.type.startsWith('image/')) {
      toast.error('Please choose an image (PNG, JPEG, WebP or GIF).');
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast.error('Please choose an image under 5 MB.');
      return;
    }
    setUploading(slot);
    try {
      const url = await uploadTeamImage({ accountId: team.accountId, teamId: team.id, slot, file });
      set(slot, url);
    } catch (err) {
      toast.error(plainWriteError(err, 'The upload failed.'));
    } finally {
      setUploading(null);
    }
  }

  async function save() {
    const problem = brandKitProblem(draft);
    if (problem !== null) {
      toast.error(problem);
      return;
    }
    setSaving(true);
    props.onSave?.();
    try {
      const saved = await saveBranding(team, draft);
      toast.success(saved ? 'Brand kit saved. Updating the team’s cards…' : 'Nothing changed.');
    } catch (err) {
      toast.error(plainWriteError(err, 'Saving the brand kit failed.'));
    } finally {
      setSaving(false);
    }
  }

  async function clearTemplate() {
    setClearing(true);
    props.onSave?.();
    try {
      await clearTeamTemplate(team);
      setDraft((d) => ({ ...d, template: null, signatureBasic: null }));
      toast.success(TEAM_TEMPLATE_DELETED_MESSAGE);
    } catch (err) {
      toast.error(teamTemplateDeleteErrorMessage(plainWriteError(err, 'unknown error')));
    } finally {
      setClearing(false);
    }
  }

  const editing: BrandKitEditing = {
    draft,
    gates,
    uploading,
    set,
    upload: (slot, file) => void upload(slot, file),
  };

  return (
    <div className="brand-kit">
      <div className="brand-kit__preview">
        <BrandKitPreview
          sample={props.sample ?? demo}
          demo={props.sample === null}
          draft={draft}
          changed={changed}
        />
      </div>
      <div className="brand-kit__form team-grid">
        <BrandKitCover editing={editing} teamId={team.id} coupled={props.coupled} />
        <BrandKitTemplate
          editing={editing}
          team={team}
          templates={templates}
          setTemplate={setTemplate}
          onPickTemplate={(id) =>
            setDraft((d) => ({ ...d, template: withPickedTemplate(d.template, id, templates) }))
          }
          setSignature={setSignature}
          onClear={() => void clearTemplate()}
          clearing={clearing}
        />
        <div className="team-actions">
          <Button
            onClick={() => void save()}
            busy={saving}
            disabled={!changed || uploading !== null}
          >
            Save brand kit and apply
          </Button>
          {changed ? <span className="muted">Unsaved changes</span> : null}
        </div>
      </div>
    </div>
  );
}
