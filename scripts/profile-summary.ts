/**
 * What the main thread did during a phone load, read from a CPU profile of `npm run bench --
 * --phone` with BENCH_PROFILE set (scripts/bench-phone.ts): for each slice of time (50 ms by
 * default), how much of it was busy and in which functions of our sources or which packages,
 * mapped back through the build's source maps (the bench builds with them when profiling).
 *
 *   npx tsx scripts/profile-summary.ts .bench/profiles/phone-1.cpuprofile [dist] [slice ms]
 *
 * Times are the profile's own, from its start (a little before the page's navigation). The
 * sampler slows the page: read shares, not durations.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code came from: a function of ours (`name@src/…`), a package, or native. */
function frameNamer(dist: string): (frame: CallFrame) => string {
  const maps = new Map<string, TraceMap | null>();
  const named = new Map<string, string>();
  return (frame) => {
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}:${frame.functionName}`;
    const known = named.get(key);
    if (known !== undefined) return known;
    const file = /\/assets\/([^/?#]+\.js)/.exec(frame.url)?.[1];
    let name = frame.functionName || '(anonymous)';
    if (file) {
      if (!maps.has(file)) {
        const map = join(dist, 'assets', `${file}.map`);
        maps.set(file, existsSync(map) ? new TraceMap(readFileSync(map, 'utf8')) : null);
      }
      const map = maps.get(file);
      if (map) {
        const at = originalPositionFor(map, {
          line: frame.lineNumber + 1,
          column: frame.columnNumber,
        });
        const source = at.source ?? '?';
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
        const ours = /\/(src\/.*)$/.exec(source)?.[1];
        name = pkg ? `[${pkg}]` : `${at.name ?? name}@${ours ?? source}`;
      } else {
        name = `${name} (${file})`;
      }
    }
    named.set(key, name);
    return name;
  };
}

function summarise(profile: CpuProfile, dist: string, sliceMs: number): string[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const nameOf = frameNamer(dist);
  // A sample is charged to the innermost frame of our sources on its stack, else the innermost
  // package frame, else the sampled frame itself ("(program)" is the browser's own work).
  const charge = (id: number): string => {
    let firstPackage: string | null = null;
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (!frame) break;
      const name = nameOf(frame);
      if (name.includes('@src/')) return name;
      if (firstPackage === null && name.startsWith('[')) firstPackage = name;
    }
    return firstPackage ?? nameOf(nodes.get(id)?.callFrame ?? ({} as CallFrame));
  };

  const slices = new Map<number, { busy: number; by: Map<string, number> }>();
  let time = profile.startTime;
  const times = profile.samples.map((_, i) => (time += profile.timeDeltas[i] ?? 0));
  profile.samples.forEach((id, i) => {
    if (nodes.get(id)?.callFrame.functionName === '(idle)') return;
    const at = times[i] ?? 0;
    const spent = (times[i + 1] ?? at) - at;
    const slice = Math.floor((at - profile.startTime) / 1000 / sliceMs);
    const entry = slices.get(slice) ?? { busy: 0, by: new Map<string, number>() };
    entry.busy += spent;
    const name = charge(id);
    entry.by.set(name, (entry.by.get(name) ?? 0) + spent);
    slices.set(slice, entry);
  });

  const ms = (micros: number) => (micros / 1000).toFixed(0);
  return [...slices]
    .sort(([a], [b]) => a - b)
    .filter(([, entry]) => entry.busy >= sliceMs * 1000 * 0.2)
    .map(([slice, entry]) => {
      const top = [...entry.by]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([name, spent]) => `${name.replace(/:\d+$/, '')} ${ms(spent)}`)
        .join(' | ');
      return `${String(slice * sliceMs).padStart(6)} ms  busy ${ms(entry.busy).padStart(3)}  ${top}`;
    });
}

const [file, dist = 'dist', slice = '50'] = process.argv.slice(2);
if (!file) {
  console.error('Usage: tsx scripts/profile-summary.ts <profile.cpuprofile> [dist] [slice ms]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
for (const line of summarise(profile, resolve(dist), Number(slice))) console.log(line);
