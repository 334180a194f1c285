// JUnit XML, which CI systems (GitHub through a reporter action, GitLab, Jenkins) show as
// test results: a suite per shard, a passing case per shard that finished, a failing case
// per rejected row listed (and one for those not listed), a failing case for a shard that
// stopped early, and an error case (its reason) for a shard refused before it wrote anything.
import { escapeControls } from '../../core/io.js';
import { totals, type RunReport, type ShardCounts } from './run-report.js';

/** Text for an XML attribute: escaped, control characters (which XML 1.0 forbids, or an attribute folds) shown as escapes. */
function xml(text: string): string {
  return escapeControls(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function shardCase(report: RunReport, shard: ShardCounts, name: string): string {
  if (shard.outcome === 'refused') {
    const head = `    <testcase classname="${xml(report.source)}" name="${xml(`${name}: refused`)}" time="${seconds(shard.elapsedMs)}"`;
    return `${head}>\n      <error type="refused" message="${xml(shard.reason ?? 'the run was refused before it wrote anything')}"/>\n    </testcase>`;
  }
  const head = `    <testcase classname="${xml(report.source)}" name="${xml(`${name}: ${shard.rows} rows`)}" time="${seconds(shard.elapsedMs)}"`;
  if (shard.outcome !== 'stopped') return `${head}/>`;
  return `${head}>\n      <failure type="stopped" message="${xml(`the run stopped early with ${shard.unfinished} rows unfinished`)}"/>\n    </testcase>`;
}

export function junitReport(report: RunReport): string {
  const all = totals(report);
  const suites = report.shards.map((shard) => {
    const own = shard.shard === null ? 'all rows' : `shard ${shard.shard}`;
    const name = shard.store === undefined ? own : `${shard.store.env} ${own}`;
    const rejects = report.rejects.filter((reject) => reject.shard === shard.shard && reject.store === shard.store?.env);
    const cases = [shardCase(report, shard, name)];
    for (const reject of rejects) {
      cases.push(
        `    <testcase classname="${xml(report.source)}" name="${xml(`line ${reject.line}`)}" file="${xml(report.source)}" line="${reject.line}">\n` +
          `      <failure type="rejected" message="${xml(reject.reason)}"/>\n    </testcase>`,
      );
    }
    if (shard.rejectedNotListed > 0) {
      const where = shard.rejectsFile === null ? '' : ` (every one is in ${shard.rejectsFile})`;
      cases.push(
        `    <testcase classname="${xml(report.source)}" name="${xml(`${shard.rejectedNotListed} more rejected rows`)}">\n` +
          `      <failure type="rejected" message="${xml(`${shard.rejectedNotListed} more rows were rejected${where}`)}"/>\n    </testcase>`,
      );
    }
    const failures = cases.length - 1 + (shard.outcome === 'stopped' ? 1 : 0);
    const errors = shard.outcome === 'refused' ? 1 : 0;
    return (
      `  <testsuite name="${xml(`store-cli ${report.command} ${name}`)}" tests="${cases.length}" ` +
      `failures="${failures}" errors="${errors}" skipped="0" time="${seconds(shard.elapsedMs)}">\n` +
      `${cases.join('\n')}\n` +
      `  </testsuite>`
    );
  });
  const tests = report.shards.length + report.rejects.length + report.shards.filter((s) => s.rejectedNotListed > 0).length;
  const failures =
    report.rejects.length + report.shards.filter((s) => s.rejectedNotListed > 0).length + report.shards.filter((s) => s.outcome === 'stopped').length;
  const errors = report.shards.filter((s) => s.outcome === 'refused').length;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="${xml(`store-cli ${report.command}: ${report.source}`)}" tests="${tests}" ` +
    `failures="${failures}" errors="${errors}" time="${seconds(all.elapsedMs)}">\n` +
    `${suites.join('\n')}\n` +
    `</testsuites>\n`
  );
}
