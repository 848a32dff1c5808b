// Generates the seed 004 conformance corpus: deterministic, varied inputs run through the TypeScript reference
// itself, written as JSON Lines for the Java conformance test.
//
//   npm ci && node generate.mjs <path of seed 004 (004-mcp-discovery-policy.ts.txt)> [output folder]
//
// The seed file starts with a header (source path, blank line, "433 lines", "16 KiB", "TypeScript", blank line)
// that is not TypeScript; it is checked line by line and stripped, the rest is transpiled unchanged.
//
// Each input is written as JSON text first and the reference is called on JSON.parse of that very text, so the
// reference and the Java port see the same document (1e400 really is Infinity for both). Every line is one case:
//   {"id", "op", "input", "expected"}           the reference's result, as JSON.stringify writes it
//   {"id", "op", "input", "expected_error"}     the reference threw; "thrown_in" names the reference function
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const here = dirname(fileURLToPath(import.meta.url));
const seedPath = process.argv[2];
if (!seedPath) {
  console.error("usage: node generate.mjs <seed 004 file> [output folder]");
  process.exit(2);
}
const outDir = resolve(process.argv[3] ?? join(here, "..", "src", "test", "resources", "conformance"));

// ---- the reference ------------------------------------------------------------------------------------------

const HEADER = [
  (line) => line.endsWith("assistantMcpDiscoveryPolicy.ts"),
  (line) => line === "",
  (line) => /^\d+ lines$/.test(line),
  (line) => /^\d+ KiB$/.test(line),
  (line) => line === "TypeScript",
  (line) => line === ""
];
const seedLines = readFileSync(seedPath, "utf8").split("\n");
HEADER.forEach((check, index) => {
  if (!check(seedLines[index])) {
    throw new Error(`seed header line ${index + 1} is not what was expected: ${JSON.stringify(seedLines[index])}`);
  }
});
const referenceSource = seedLines.slice(HEADER.length).join("\n");
const referenceSha256 = createHash("sha256").update(referenceSource).digest("hex");
const transpiled = ts.transpileModule(referenceSource, {
  compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  reportDiagnostics: true
});
if (transpiled.diagnostics?.length) {
  throw new Error("the reference does not transpile: " + transpiled.diagnostics.map((d) => d.messageText).join("; "));
}
// Imported from a temporary file (not a data: URL) so that stack frames name the reference's functions.
const moduleDir = mkdtempSync(join(tmpdir(), "keel-seed-004-"));
const modulePath = join(moduleDir, "assistantMcpDiscoveryPolicy.mjs");
writeFileSync(modulePath, transpiled.outputText);
const reference = await import(pathToFileURL(modulePath).href);
rmSync(moduleDir, { recursive: true, force: true });
const REFERENCE_FUNCTIONS = [
  "toNonEmptyString", "toStringList", "normalizeTurnMeaning", "collectProbeLimitations", "probeRowsMatched",
  "probeRowsReceived", "hasProbeBypass", "buildAssistantMcpDiscoveryPlan", "resolveAssistantMcpDiscoveryEvidence"
];

// ---- deterministic randomness --------------------------------------------------------------------------------

let state = 0x4b45454c; // "KEEL"
function random() {
  // mulberry32
  state = (state + 0x6d2b79f5) | 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const chance = (p) => random() < p;
const int = (n) => Math.floor(random() * n);
const pick = (items) => items[int(items.length)];

// ---- JSON text with literal numbers --------------------------------------------------------------------------

/** A number written exactly as this literal text (1e400, -0, 1.50, ...). */
class Lit {
  constructor(text) {
    this.text = text;
  }
}
const lit = (text) => new Lit(text);

function toJsonText(value) {
  if (value instanceof Lit) return value.text;
  if (value === null) return "null";
  if (Array.isArray(value)) return "[" + value.map(toJsonText).join(",") + "]";
  if (typeof value === "object") {
    return "{" + Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => JSON.stringify(key) + ":" + toJsonText(item))
      .join(",") + "}";
  }
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error("use lit() for " + value);
  return JSON.stringify(value);
}

// ---- value pools ---------------------------------------------------------------------------------------------

const PRIMITIVES = [...reference.ASSISTANT_MCP_DISCOVERY_PRIMITIVES];
const WHITESPACE = [" ", "\t", "\n", "\r\n", "\u00a0", "\ufeff", "\u2028", "\u2029", "\u3000", "\u2007", "\u202f", "\u000b", "\f"];
const NOT_WHITESPACE = ["\u180e", "\u200b", "\u001c", "\u0085"];
const WORDS = [
  "query_movements", "counterparty", "organization", "period", "account 60", "ООО Ромашка", "日本語の取引先",
  "🚀 launch", "e\u0301clair", "נתונים", "a\u0000b", "turnover by month", "x".repeat(130), "drop table;",
  "Q3–Q4", "5", "0", "-7", "1e400", "0x1A", "NaN", "Infinity", "true", "null", "12px", "[object Object]"
];
const NUMBER_LITERALS = [
  "0", "-0", "1", "2", "3", "7", "35", "36", "37", "100", "499", "500", "501", "2.5", "-2.5", "0.5", "-0.5", "0.999",
  "1.0", "1.50", "36.9999", "-1", "-100", "1e400", "-1e400", "1e-400", "-1e-400", "1e21", "1e20", "123456789012345680000",
  "1e-7", "0.000001", "1.7976931348623157e308", "5e-324", "0.1", "0.30000000000000004", "1E2", "4.35", "9007199254740993",
  "123456789012345678901234567890", "-123.456e-10"
];

function decorate(text) {
  if (chance(0.3)) text = pick(WHITESPACE) + text;
  if (chance(0.3)) text = text + pick(WHITESPACE) + (chance(0.3) ? pick(WHITESPACE) : "");
  if (chance(0.05)) text = pick(NOT_WHITESPACE) + text;
  return text;
}

function anyString() {
  const roll = random();
  if (roll < 0.1) return "";
  if (roll < 0.2) return pick(WHITESPACE) + (chance(0.5) ? pick(WHITESPACE) : "");
  if (roll < 0.3) return decorate(pick(PRIMITIVES));
  if (roll < 0.35) return pick(PRIMITIVES).toUpperCase();
  if (roll < 0.37) return "\ud800 lone";
  return decorate(pick(WORDS));
}

const anyNumber = () => lit(pick(NUMBER_LITERALS));

function oddObject() {
  return pick([
    {}, { a: 1 }, { toString: "x" }, { valueOf: 3 }, { toString: 1, valueOf: 2 }, { nested: { deep: [1, null] } }
  ]);
}

/** Anything a JSON document can hold, at small depth. */
function anyValue(depth = 0) {
  const roll = random();
  if (roll < 0.3) return anyString();
  if (roll < 0.5) return anyNumber();
  if (roll < 0.6) return chance(0.5);
  if (roll < 0.7) return null;
  if (roll < 0.85 && depth < 2) return Array.from({ length: int(4) }, () => anyValue(depth + 1));
  if (depth < 2 && chance(0.15)) return oddObject();
  return chance(0.5) ? {} : pick([[], [null], [1, [2, "x"]], { k: anyString() }]);
}

/** A list field: mostly a list of strings with duplicates and noise, sometimes something else entirely. */
function anyList(stringSource = anyString) {
  const roll = random();
  if (roll < 0.1) return undefined;
  if (roll < 0.15) return null;
  if (roll < 0.22) return anyValue();
  const items = [];
  const size = int(7);
  for (let i = 0; i < size; i++) {
    const kind = random();
    if (kind < 0.6) items.push(stringSource());
    else if (kind < 0.75 && items.length > 0) items.push(decorate(String(pick(items.filter((x) => typeof x === "string")) ?? "dup")));
    else items.push(anyValue(1));
  }
  return items;
}

/** A scalar-ish field: usually a string, sometimes any value or missing. */
function anyScalar() {
  const roll = random();
  if (roll < 0.1) return undefined;
  if (roll < 0.15) return null;
  if (roll < 0.75) return anyString();
  return anyValue();
}

function primitiveName() {
  const roll = random();
  if (roll < 0.65) return decorate(pick(PRIMITIVES));
  if (roll < 0.8) return pick(["raw_sql", "execute_query", "delete_documents", "QUERY_MOVEMENTS", "query-movements"]);
  return anyString();
}

function budgetValue() {
  const roll = random();
  if (roll < 0.25) return undefined;
  if (roll < 0.3) return null;
  if (roll < 0.8) return anyNumber();
  return pick(["5", "", "12", true, false, [], [5], {}, " 7 "]);
}

const TURN_MEANING_STRING_FIELDS = [
  "asked_domain_family", "asked_action_family", "asked_aggregation_axis", "seeded_ranking_need", "metadata_scope_hint",
  "explicit_organization_scope", "explicit_date_scope", "unsupported_but_understood_family"
];

function turnMeaning() {
  const roll = random();
  if (roll < 0.1) return undefined;
  if (roll < 0.15) return null;
  if (roll < 0.25) return pick([false, 0, "", "text", true, 1, [], [1], lit("-0"), lit("1e400")]);
  const meaning = {};
  for (const field of TURN_MEANING_STRING_FIELDS) {
    if (chance(0.45)) meaning[field] = anyScalar();
  }
  if (chance(0.4)) meaning.explicit_entity_candidates = anyList();
  if (chance(0.25)) meaning.metadata_ambiguity_entity_sets = anyList();
  if (chance(0.5)) {
    meaning.meaning_confidence = chance(0.75) ? anyNumber() : pick(["0.5", null, true, [], {}, "", [0.7]]);
  }
  if (chance(0.4)) meaning.stale_replay_forbidden = pick([true, false, null, 0, 1, "", "false", "0", [], {}, lit("-0"), lit("1e400")]);
  if (chance(0.2)) meaning.subject_resolution_optional = pick([true, false, null, "yes"]);
  if (chance(0.1)) meaning.unknown_field = anyValue();
  return meaning;
}

function planInput() {
  const input = {};
  if (chance(0.85)) input.semanticDataNeed = anyScalar();
  if (chance(0.85)) input.turnMeaning = turnMeaning();
  if (chance(0.9)) input.proposedPrimitives = anyList(primitiveName);
  if (chance(0.6)) input.requiredAxes = anyList();
  if (chance(0.5)) input.clarificationGaps = anyList();
  input.maxProbeCount = budgetValue();
  input.maxRowsPerProbe = budgetValue();
  if (chance(0.05)) input.unexpected = anyValue();
  return input;
}

/** A plan input very likely to give an allowed plan, so the gate's other branches are reached. */
function allowedPlanInput() {
  return {
    semanticDataNeed: decorate(pick(["turnover by counterparty", "stock movements", "открытые счета"])),
    turnMeaning: { asked_domain_family: decorate(pick(["sales", "stock", "settlements"])), meaning_confidence: anyNumber() },
    proposedPrimitives: Array.from({ length: 1 + int(4) }, () => (chance(0.85) ? pick(PRIMITIVES) : primitiveName())),
    requiredAxes: chance(0.5) ? ["counterparty"] : [],
    maxProbeCount: budgetValue(),
    maxRowsPerProbe: budgetValue()
  };
}

// ---- gate inputs ---------------------------------------------------------------------------------------------

function rowsValue() {
  const roll = random();
  if (roll < 0.15) return undefined;
  if (roll < 0.2) return null;
  if (roll < 0.5) return lit(pick(["1", "4", "12", "100", "0.5", "3.7"]));
  if (roll < 0.75) return anyNumber();
  if (roll < 0.77) return { toString: 1 };
  return pick(["12", " 12 ", "", "abc", "0x1A", "-0x10", "0b101", "0o17", "1e3", "Infinity", "-5", "1_000", ".5", "5.", "+5",
    true, false, [], [7], ["8"], [1, 2], [[3]], [null], {}, { valueOf: 9 }, "\u00a0 42 \n", "１２"]);
}

function probeResult(plan) {
  if (chance(0.015)) return pick([null, 5, "query_movements", true, [], ["query_movements"]]);
  const allowed = Array.isArray(plan?.allowed_primitives) ? plan.allowed_primitives : [];
  const probe = {};
  const idRoll = random();
  if (idRoll < 0.88 && allowed.length > 0) probe.primitive_id = pick(allowed);
  else if (idRoll < 0.93) probe.primitive_id = pick(PRIMITIVES);
  else if (idRoll < 0.95) probe.primitive_id = undefined;
  else if (idRoll < 0.97) probe.primitive_id = " " + (allowed[0] ?? "query_movements");
  else probe.primitive_id = anyValue(1);
  probe.status = pick(["ok", "error", "skipped", undefined, "weird", 3]);
  probe.rows_received = rowsValue();
  probe.rows_matched = rowsValue();
  if (chance(0.4)) probe.limitation = anyScalar();
  return probe;
}

function factsList(p) {
  if (!chance(p)) return chance(0.5) ? undefined : pick([null, [], "not a list", 3]);
  return anyList(() => decorate(pick(["turnover 1 200 000", "counterparty: Ромашка", "6 open invoices", "stock 40 pcs", ""])));
}

function mutatePlan(plan) {
  const copy = JSON.parse(JSON.stringify(plan));
  const roll = random();
  if (roll < 0.08) copy.plan_status = pick(["blocked", "needs_clarification", "ALLOWED", " allowed", null, true, "allowed"]);
  else if (roll < 0.16) copy.reason_codes = pick([
    ["Already Here", "plan_not_allowed_by_runtime", 5, null, "x", "x"], "abc😀", [], ["mcp_discovery_evidence_insufficient"],
    ["probe_result_used_primitive_outside_runtime_plan", { a: 1 }], [lit("1e400"), lit("1.50")]
  ]);
  else if (roll < 0.22) copy.allowed_primitives = pick([
    null, "query_movements", [lit("5"), null, true], ["query_movements", "query_movements"], [], undefined,
    [" query_movements"], [[]]
  ]);
  else if (roll < 0.27) copy.extra_field = anyValue();
  else if (roll < 0.3) copy.execution_budget = { max_probe_count: lit("1e400"), max_rows_per_probe: lit("2.50") };
  else if (roll < 0.32) delete copy.plan_status;
  return copy;
}

function brokenPlan() {
  return pick([
    undefined, null, "plan", 5, true, [], {}, { reason_codes: null }, { reason_codes: 5 }, { reason_codes: { a: 1 } },
    { reason_codes: [], allowed_primitives: 5 }, { reason_codes: [], allowed_primitives: { a: 1 } },
    { reason_codes: [], allowed_primitives: true }, { reason_codes: true, plan_status: "allowed" }
  ]);
}

function gateInput(plan) {
  const input = { plan };
  const probeRoll = random();
  if (probeRoll < 0.08) input.probeResults = pick([undefined, null, "probes", 3, {}]);
  else input.probeResults = Array.from({ length: int(4) }, () => probeResult(plan));
  input.confirmedFacts = factsList(0.6);
  input.inferredFacts = factsList(0.5);
  if (chance(0.4)) input.unknownFacts = factsList(0.8);
  if (chance(0.75)) input.sourceRowsSummary = chance(0.7) ? decorate(pick(["3 rows from register 60", "sales ledger Q3"])) : anyScalar();
  if (chance(0.4)) input.queryLimitations = anyList();
  if (chance(0.4)) input.recommendedNextProbe = anyScalar();
  return input;
}

// ---- hand-picked cases, one or more per branch of the reference -----------------------------------------------

const MEANING = { asked_domain_family: "settlements" };
const ALLOWED = ["query_movements", "aggregate_by_axis"];
const HAND_PLAN_CASES = {
  "allowed": { semanticDataNeed: "open invoices", turnMeaning: MEANING, proposedPrimitives: ALLOWED },
  "blocked-only-unregistered": { semanticDataNeed: "x", turnMeaning: MEANING, proposedPrimitives: ["raw_sql", "raw_sql "] },
  "clarification-no-need": { turnMeaning: MEANING, proposedPrimitives: ALLOWED },
  "clarification-no-meaning": { semanticDataNeed: "x", proposedPrimitives: ALLOWED, requiredAxes: ["counterparty"] },
  "clarification-no-axis": { semanticDataNeed: "x", turnMeaning: { meaning_confidence: 0.9 }, proposedPrimitives: ALLOWED },
  "clarification-not-proposed": { semanticDataNeed: "x", turnMeaning: MEANING },
  "mixed-registered-and-not": { semanticDataNeed: "x", turnMeaning: MEANING, proposedPrimitives: ["raw_sql", "query_movements"] },
  "axis-from-required-axes-only": { semanticDataNeed: "x", turnMeaning: { seeded_ranking_need: "top" }, proposedPrimitives: ALLOWED, requiredAxes: [" ", "period"] },
  "axis-from-entities": { semanticDataNeed: "x", turnMeaning: { explicit_entity_candidates: [" Ромашка "] }, proposedPrimitives: ALLOWED },
  "axis-from-date-scope": { semanticDataNeed: "x", turnMeaning: { explicit_date_scope: "2024" }, proposedPrimitives: ALLOWED },
  "empty-input": {},
  "budget-clamped-high": { maxProbeCount: lit("1000"), maxRowsPerProbe: lit("100000") },
  "budget-clamped-low": { maxProbeCount: lit("-5"), maxRowsPerProbe: lit("0.5") },
  "budget-truncated": { maxProbeCount: lit("7.9"), maxRowsPerProbe: lit("-0.9") },
  "budget-infinite": { maxProbeCount: lit("1e400"), maxRowsPerProbe: lit("-1e400") },
  "budget-string": { maxProbeCount: "5", maxRowsPerProbe: " 50 " },
  "meaning-confidence-clamped": { turnMeaning: { meaning_confidence: lit("7"), stale_replay_forbidden: "false" } },
  "meaning-confidence-string": { turnMeaning: { meaning_confidence: "0.5", stale_replay_forbidden: 0 } },
  "meaning-falsy": { semanticDataNeed: "x", turnMeaning: lit("0"), proposedPrimitives: ALLOWED },
  "meaning-only-dropped-fields": { semanticDataNeed: "x", turnMeaning: { metadata_scope_hint: "h", subject_resolution_optional: true }, proposedPrimitives: ALLOWED },
  "list-coercion": { semanticDataNeed: lit("1e21"), requiredAxes: [lit("1.50"), true, null, [1, null, [2]], {}, " ", "1.5"], proposedPrimitives: "query_movements" }
};

function handGateCases(plan) {
  const probe = (id, received, matched, limitation) => ({ primitive_id: id, status: "ok", rows_received: received, rows_matched: matched, limitation });
  return {
    "confirmed": { plan, probeResults: [probe("query_movements", 10, 4)], confirmedFacts: ["total 1 200"], sourceRowsSummary: "4 rows" },
    "confirmed-without-summary": { plan, probeResults: [probe("query_movements", 10, 4)], confirmedFacts: ["total"] },
    "confirmed-without-matched-rows": { plan, probeResults: [probe("query_movements", 10, 0)], confirmedFacts: ["total"], sourceRowsSummary: "s" },
    "inferred": { plan, probeResults: [probe("aggregate_by_axis", "12", null, " slow ")], inferredFacts: ["trend up"] },
    "inferred-without-rows": { plan, probeResults: [probe("aggregate_by_axis", 0, 0)], inferredFacts: ["trend up"] },
    "insufficient": { plan, probeResults: [] },
    "bypass": { plan, probeResults: [probe("raw_sql", 10, 10)], confirmedFacts: ["x"], sourceRowsSummary: "s" },
    "bypass-whitespace-id": { plan, probeResults: [probe(" query_movements", 10, 10)], confirmedFacts: ["x"], sourceRowsSummary: "s" },
    "plan-not-allowed": { plan: { ...plan, plan_status: "needs_clarification" }, probeResults: [probe("query_movements", 1, 1)], confirmedFacts: ["x"], sourceRowsSummary: "s" },
    "limitations-merged": { plan, probeResults: [probe("query_movements", 1, 1, "cap"), probe("query_movements", 1, 1, "cap")], queryLimitations: ["cap", " other "], inferredFacts: ["i"] },
    "raw-reason-codes-kept": { plan: { ...plan, reason_codes: ["Not Normalised!", "mcp_discovery_evidence_insufficient", 7] } },
    "reason-codes-string": { plan: { ...plan, reason_codes: "ab😀" } },
    "plan-missing": {},
    "plan-null": { plan: null },
    "reason-codes-missing": { plan: { plan_status: "allowed", allowed_primitives: ALLOWED } },
    "allowed-primitives-number": { plan: { ...plan, allowed_primitives: 5 } },
    "null-probe": { plan, probeResults: [null] },
    "rows-overflow": { plan, probeResults: [probe("query_movements", lit("1e308"), lit("1e308")), probe("query_movements", lit("1e308"), lit("1e308"))], confirmedFacts: ["x"], sourceRowsSummary: "s" }
  };
}

// ---- running the reference -----------------------------------------------------------------------------------

function thrownIn(error) {
  for (const frame of String(error.stack).split("\n").slice(1)) {
    const name = /^\s*at (?:Module\.)?(\w+) \(/.exec(frame)?.[1];
    if (REFERENCE_FUNCTIONS.includes(name)) return name;
  }
  return "unknown";
}

function runCase(id, op, input) {
  const inputText = toJsonText(input);
  const parsed = JSON.parse(inputText);
  let result;
  try {
    const value = op === "discovery_plan"
      ? reference.buildAssistantMcpDiscoveryPlan(parsed)
      : reference.resolveAssistantMcpDiscoveryEvidence(parsed);
    result = `"expected":${JSON.stringify(value)}`;
  } catch (error) {
    result = `"expected_error":${JSON.stringify({ thrown_in: thrownIn(error), message: `${error.name}: ${error.message}` })}`;
  }
  return `{"id":${JSON.stringify(id)},"op":${JSON.stringify(op)},"input":${inputText},${result}}`;
}

const planLines = [];
const gateLines = [];
const referencePlan = reference.buildAssistantMcpDiscoveryPlan({
  semanticDataNeed: "open invoices", turnMeaning: MEANING, proposedPrimitives: ALLOWED
});
for (const [name, input] of Object.entries(HAND_PLAN_CASES)) planLines.push(runCase(`plan-hand-${name}`, "discovery_plan", input));
for (const [name, input] of Object.entries(handGateCases(referencePlan))) gateLines.push(runCase(`gate-hand-${name}`, "evidence_gate", input));

const PLAN_CASES = 700;
const GATE_CASES = 1000;
for (let i = 0; i < PLAN_CASES; i++) {
  planLines.push(runCase(`plan-${String(i).padStart(4, "0")}`, "discovery_plan", chance(0.7) ? planInput() : allowedPlanInput()));
}
for (let i = 0; i < GATE_CASES; i++) {
  let plan;
  const roll = random();
  if (roll < 0.06) plan = brokenPlan();
  else {
    try {
      plan = reference.buildAssistantMcpDiscoveryPlan(JSON.parse(toJsonText(chance(0.75) ? allowedPlanInput() : planInput())));
    } catch {
      plan = referencePlan; // an input the reference refuses (an object with its own toString) gives no plan
    }
    if (chance(0.35)) plan = mutatePlan(plan);
  }
  gateLines.push(runCase(`gate-${String(i).padStart(4, "0")}`, "evidence_gate", gateInput(plan)));
}

// ---- JavaScript number semantics the port reimplements: Number::toString and StringToNumber ------------------

function bitsOf(number) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, number);
  return view.getBigUint64(0).toString(16).padStart(16, "0");
}
function numberOfBits(hex) {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt("0x" + hex));
  return view.getFloat64(0);
}
const semanticsLines = [];
const toStringSamples = [
  5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 1e21, 1e-7, 1e-6, 123e-20, 0.1, 0.2, 0.3, 1 / 3, 2 / 3,
  100, 1e20, 123456789012345680000, 9007199254740993, 4.35, 0.000001234, 1.5e300, -0.5, 2 ** 52, 2 ** -1074 * 3,
  9.5367431640625e-7, 1.2e-322, 4.9406564584124654e-324 * 7
];
for (let i = 0; i < 600; i++) {
  const hex = Array.from({ length: 16 }, () => "0123456789abcdef"[int(16)]).join("");
  const value = numberOfBits(hex);
  if (Number.isFinite(value)) toStringSamples.push(value);
}
for (let i = 0; i < 600; i++) {
  toStringSamples.push(Number((random() * 10 ** (int(40) - 20)).toPrecision(1 + int(17))));
}
for (let e = -1074; e <= 1023; e += 7) toStringSamples.push(2 ** e);
for (const value of toStringSamples) {
  semanticsLines.push(JSON.stringify({ kind: "number_to_string", bits: bitsOf(value), expected: String(value) }));
}
const toNumberSamples = [
  "", " ", "\u00a0\t\n", "12", " 12 ", "+5", "-5", "5.", ".5", ".", "+.5e1", "1e3", "1E+3", "1e-3", "1e", "e1",
  "0x1A", "0X1a", "-0x10", "0x", "0b101", "0B2", "0o17", "0o8", "007", "1_000", "12px", "Infinity", "-Infinity",
  "+Infinity", "infinity", "NaN", "1e400", "-1e400", "１２", "\u180e12", "12\u180e", "\ufeff7", "0x" + "f".repeat(30),
  "123456789012345678901234567890", "0.1e-400", "--1", "1.2.3", "0.0", "-0", "9007199254740993", "2.5e+10"
];
for (const text of toNumberSamples) {
  const value = Number(text);
  semanticsLines.push(JSON.stringify({ kind: "string_to_number", input: text, expected: Number.isNaN(value) ? "NaN" : bitsOf(value) }));
}

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "js-semantics.jsonl"), semanticsLines.join("\n") + "\n");
writeFileSync(join(outDir, "discovery-plan.jsonl"), planLines.join("\n") + "\n");
writeFileSync(join(outDir, "evidence-gate.jsonl"), gateLines.join("\n") + "\n");
writeFileSync(join(outDir, "corpus.json"), JSON.stringify({
  reference: "seed 004 (assistantMcpDiscoveryPolicy.ts), header stripped",
  reference_sha256: referenceSha256,
  typescript: ts.version,
  node: process.version,
  cases: { discovery_plan: planLines.length, evidence_gate: gateLines.length }
}, null, 2) + "\n");
console.log(`${planLines.length} discovery_plan and ${gateLines.length} evidence_gate cases written to ${outDir}`);
