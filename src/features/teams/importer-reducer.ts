/**
 * The bulk member importer's screen state (docs/product.md §3 and §4): the members being imported, the
 * column to link mapping, and the import's status, with the reducer the importer store drives.
 */
import type { ImportMember } from '@/domain/import-rows';

export interface ImporterStatus {
  touched: boolean;
  saving: boolean;
  submitted: boolean;
  success: boolean;
  /** How many members were imported. */
  imported: number;
}

export interface ImporterState {
  members: ImportMember[];
  /** Links applied to every imported member (link kind → value). */
  links: Record<string, string>;
  status: ImporterStatus;
}

/** A member to create; without an index it gets the next free one (highest index + 1, from 0). */
export type ImportMemberInput = Omit<ImportMember, 'index' | 'links'> & {
  index?: number;
  links?: Record<string, string>;
};

export type ImporterAction =
  | { type: 'create'; member: ImportMemberInput }
  | { type: 'update'; index: number; patch: Partial<Omit<ImportMember, 'index'>> }
  | { type: 'delete'; index: number }
  | { type: 'reset' }
  | { type: 'setLinks'; links: Record<string, string> }
  | { type: 'setStatus'; status: Partial<ImporterStatus> };

/** The initial status (docs/product.md §4): untouched, not saving, not submitted, not successful, 0 imported. */
export const initialImporterStatus: Readonly<ImporterStatus> = Object.freeze({
  touched: false,
  saving: false,
  submitted: false,
  success: false,
  imported: 0,
});

/** The initial importer state (docs/product.md §4): no members, no links, the initial status. */
export const initialImporterState: Readonly<ImporterState> = Object.freeze({
  members: [],
  links: {},
  status: initialImporterStatus,
});

function freshInitial(): ImporterState {
  return { members: [], links: {}, status: { ...initialImporterStatus } };
}

/**
 * The importer's transitions (docs/product.md §4): create appends a member; update merges a patch into the
 * member with that index (its links map merged too); delete removes the member with that index;
 * reset returns members, links and status to the defaults. Choices: create, update and delete mark
 * the status touched; update or delete of an unknown index returns the state unchanged (same object);
 * `setLinks` replaces the shared links and `setStatus` merges into the status.
 */
export function importerReducer(state: ImporterState, action: ImporterAction): ImporterState {
  switch (action.type) {
    case 'create': {
      const nextIndex = state.members.reduce((max, m) => Math.max(max, m.index + 1), 0);
      const { index, links, ...rest } = action.member;
      const member: ImportMember = { ...rest, index: index ?? nextIndex, links: { ...links } };
      return {
        ...state,
        members: [...state.members, member],
        status: { ...state.status, touched: true },
      };
    }
    case 'update': {
      if (!state.members.some((m) => m.index === action.index)) return state;
      const { links, ...rest } = action.patch;
      return {
        ...state,
        members: state.members.map((m) =>
          m.index === action.index
            ? { ...m, ...rest, index: m.index, links: { ...m.links, ...links } }
            : m,
        ),
        status: { ...state.status, touched: true },
      };
    }
    case 'delete': {
      if (!state.members.some((m) => m.index === action.index)) return state;
      return {
        ...state,
        members: state.members.filter((m) => m.index !== action.index),
        status: { ...state.status, touched: true },
      };
    }
    case 'reset':
      return freshInitial();
    case 'setLinks':
      return { ...state, links: { ...action.links } };
    case 'setStatus':
      return { ...state, status: { ...state.status, ...action.status } };
    default:
      return state;
  }
}
