/**
 * The syntax tree of a rules file. The parser builds it; the checker resolves every name in it
 * (variables to frame slots or path variables, calls to declarations or built-ins) so the
 * evaluator never looks a name up by string at run time.
 */
import type { Value } from './values';

export type Method = 'get' | 'list' | 'create' | 'update' | 'delete';

export type Expr =
  | { k: 'lit'; pos: number; v: Value }
  | { k: 'id'; pos: number; name: string; ref?: VarRef }
  | { k: 'member'; pos: number; obj: Expr; name: string }
  | { k: 'index'; pos: number; obj: Expr; index: Expr }
  | { k: 'range'; pos: number; obj: Expr; lo: Expr; hi: Expr }
  | { k: 'call'; pos: number; name: string; args: Expr[]; fn?: FunctionDecl; builtin?: string }
  | { k: 'method'; pos: number; obj: Expr; name: string; args: Expr[]; ns?: string }
  | { k: 'unary'; pos: number; op: '!' | '-'; e: Expr }
  | { k: 'binary'; pos: number; op: BinaryOp; l: Expr; r: Expr }
  | { k: 'and'; pos: number; l: Expr; r: Expr }
  | { k: 'or'; pos: number; l: Expr; r: Expr }
  | { k: 'cond'; pos: number; c: Expr; t: Expr; f: Expr }
  | { k: 'is'; pos: number; e: Expr; type: string }
  | { k: 'list'; pos: number; items: Expr[] }
  | { k: 'map'; pos: number; entries: [Expr, Expr][] }
  | { k: 'path'; pos: number; segments: PathSegment[] };

export type BinaryOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

/** One segment of a path literal: literal text and `$(expr)` parts, concatenated. */
export interface PathSegment {
  parts: (string | Expr)[];
  /** Set by the checker when the segment is `$(name)` with no variable `name` in scope. */
  hole?: string;
}

export type VarRef =
  | { k: 'local'; slot: number }
  | { k: 'pathvar'; name: string }
  | { k: 'request' }
  | { k: 'resource' };

export interface FunctionDecl {
  name: string;
  pos: number;
  params: string[];
  lets: { name: string; pos: number; e: Expr }[];
  body: Expr;
  /** The match block the function is declared in (null: the service body). */
  scope: MatchNode | null;
}

export interface AllowStmt {
  pos: number;
  methods: Set<Method>;
  /** Null for `allow read;` (no condition: always allowed). */
  cond: Expr | null;
  /** Source text of the statement, for decisions' reasons. */
  text: string;
  line: number;
}

export type PatternSegment =
  { k: 'lit'; text: string } | { k: 'var'; name: string } | { k: 'rest'; name: string };

export interface MatchNode {
  pos: number;
  pattern: PatternSegment[];
  parent: MatchNode | null;
  children: MatchNode[];
  allows: AllowStmt[];
  functions: Map<string, FunctionDecl>;
  /** Path variable names visible in this block (its own and its ancestors'). */
  vars: Set<string>;
}

export interface RulesFile {
  version: '1' | '2';
  service: 'cloud.firestore' | 'firebase.storage';
  servicePos: number;
  /** Functions declared directly in the service body. */
  functions: Map<string, FunctionDecl>;
  matches: MatchNode[];
}
