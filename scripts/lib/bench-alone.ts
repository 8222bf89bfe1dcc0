/**
 * A bench module run by itself (`npx tsx scripts/bench-….ts`): runs its bench with the table's
 * report line, as `npm run bench` prints it, and exits with its outcome.
 */
export type BenchReport = (name: string, value: string, budget: string) => void;

export function runWhenAlone(file: string, bench: (report: BenchReport) => Promise<unknown>): void {
  if (!process.argv[1]?.endsWith(file)) return;
  bench((name, value, budget) =>
    console.log(`  ${name.padEnd(46)} ${value.padEnd(16)} budget ${budget}`),
  ).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
