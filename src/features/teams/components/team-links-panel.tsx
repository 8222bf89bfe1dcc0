/**
 * Team links (docs/product.md §3, §4): add, edit, reorder and remove the links every coupled card of the team
 * shows. Saving writes the links with the next sync version; the workspace then applies them to the
 * cards (mergeTeamLinks), only when `teamLinksChanged` says something changed.
 */
import { useMemo, useState } from 'react';
import { toast } from '@/ui/toast';
import { saveTeamLinks } from '@/data/team-settings';
import type { TeamDoc } from '@/data/team-settings';
import { linkValueProblem } from '@/domain/link-rules';
import { linkScheduleProblem, withLinkSchedule } from '@/domain/link-schedule';
import { linkDisplayLabel, teamLinksChanged } from '@/domain/links';
import type { Link } from '@/domain/model';
import { safeLinkHref } from '@/domain/safe-url';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/text-field';
import { LINK_KINDS, linkKind } from '@/domain/link-kinds';
import { LinkScheduleFields, LinkStateBadge } from '@/ui/link-schedule-fields';
import { SelectField } from './select-field';
import { plainWriteError } from '@/domain/access-errors';

const KIND_OPTIONS = LINK_KINDS.map((k) => ({ value: k.name, label: k.name }));

function newLinkId(): string {
  return `team-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Why a team link cannot be saved, or null: blank, not followable, or (for what was typed here) a
 * value that does not fit its kind, in the words of `linkValueProblem`. A value the team already
 * had (`storedValue`) is checked for safety only, like the builder does.
 */
export function linkProblem(
  link: Pick<Link, 'name' | 'value'>,
  storedValue?: string,
): string | null {
  if (link.value.trim() === '') return 'Enter where this link goes.';
  const unchanged = storedValue !== undefined && storedValue === link.value;
  const unusable = `This does not look like a valid ${link.name.toLowerCase()}.`;
  if (safeLinkHref(link) === null)
    return unchanged ? unusable : (linkValueProblem(link) ?? unusable);
  return unchanged ? null : linkValueProblem(link);
}

export function TeamLinksPanel(props: {
  team: TeamDoc;
  coupled: number;
  optedOut: number;
  /** Called as a save begins (the page takes the previous sync's result away). */
  onSave?: () => void;
}) {
  const { team } = props;
  const [links, setLinks] = useState<Link[]>(() => team.links.map((l) => ({ ...l })));
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const changed = teamLinksChanged(team.links, links);
  const problems = useMemo(() => {
    const stored = new Map(team.links.map((link) => [link.id, link.value]));
    return links.map((link) => linkProblem(link, stored.get(link.id)) ?? linkScheduleProblem(link));
  }, [links, team.links]);

  function patch(index: number, change: Partial<Link>) {
    setLinks((list) => list.map((link, i) => (i === index ? { ...link, ...change } : link)));
  }

  function move(index: number, by: -1 | 1) {
    setLinks((list) => {
      const next = [...list];
      const target = index + by;
      const a = next[index];
      const b = next[target];
      if (a === undefined || b === undefined) return list;
      next[index] = b;
      next[target] = a;
      return next;
    });
  }

  function add() {
    setLinks((list) => [
      ...list,
      { id: newLinkId(), name: 'Website', label: '', value: '', isTeamLink: true },
    ]);
  }

  async function save() {
    if (problems.some((p) => p !== null)) {
      setShowErrors(true);
      toast.error('Please fix the highlighted links first.');
      return;
    }
    setSaving(true);
    props.onSave?.();
    try {
      const cleaned = links.map((l) => ({ ...l, label: l.label.trim(), value: l.value.trim() }));
      const saved = await saveTeamLinks(team, cleaned);
      toast.success(saved ? 'Team links saved. Updating the team’s cards…' : 'Nothing changed.');
    } catch (err) {
      toast.error(plainWriteError(err, 'Saving the team links failed.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="team-section" aria-labelledby="team-links-heading">
      <h2 id="team-links-heading">Team links</h2>
      <p className="team-section__lead">
        These links appear on {props.coupled} {props.coupled === 1 ? 'card' : 'cards'} of{' '}
        {team.name}, after each person’s own links, marked as team links.
        {props.optedOut > 0
          ? ` ${props.optedOut} ${props.optedOut === 1 ? 'card has' : 'cards have'} opted out and stay as they are.`
          : ''}
      </p>
      {links.length === 0 ? (
        <p className="muted">
          No team links yet. Add your website, main phone line or social pages.
        </p>
      ) : (
        <ol className="link-list">
          {links.map((link, index) => {
            const kind = linkKind(link.name);
            const problem = showErrors ? problems[index] : null;
            const shown = linkDisplayLabel({ ...link, isTeamLink: true });
            return (
              <li
                key={link.id}
                className="link-item"
                aria-label={`Team link ${index + 1}: ${shown}`}
              >
                <SelectField
                  label="Kind"
                  value={kind.name}
                  onChange={(e) => patch(index, { name: e.target.value })}
                  options={KIND_OPTIONS}
                />
                <TextField
                  label="Label"
                  value={link.label}
                  placeholder={link.name === 'Phone' ? 'Reception' : link.name}
                  maxLength={60}
                  hint={
                    link.name === 'Phone' && link.label.trim() === ''
                      ? 'Shown as “Reception”.'
                      : undefined
                  }
                  onChange={(e) => patch(index, { label: e.target.value })}
                />
                <TextField
                  label="Link"
                  value={link.value}
                  placeholder={kind.placeholder.team}
                  inputMode={kind.inputMode}
                  maxLength={500}
                  error={problem}
                  onChange={(e) => patch(index, { value: e.target.value })}
                />
                <div className="link-item__schedule">
                  <LinkStateBadge link={link} />
                  <LinkScheduleFields
                    link={link}
                    name={shown}
                    onChange={(schedule) =>
                      setLinks((list) =>
                        list.map((l, i) => (i === index ? withLinkSchedule(l, schedule) : l)),
                      )
                    }
                  />
                </div>
                <div className="link-item__buttons">
                  <button
                    type="button"
                    className="icon-button"
                    onClick={() => move(index, -1)}
                    disabled={index === 0}
                    aria-label={`Move ${shown} up`}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    onClick={() => move(index, 1)}
                    disabled={index === links.length - 1}
                    aria-label={`Move ${shown} down`}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    onClick={() => setLinks((list) => list.filter((_, i) => i !== index))}
                    aria-label={`Remove ${shown}`}
                  >
                    <span aria-hidden="true">✕</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="team-actions">
        <Button variant="secondary" onClick={add}>
          Add a team link
        </Button>
        <Button onClick={() => void save()} busy={saving} disabled={!changed}>
          Save and apply to cards
        </Button>
        {changed ? <span className="muted">Unsaved changes</span> : null}
      </div>
    </section>
  );
}
