package dev.keel.evidence;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonTreeReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads the reference's loosely typed input objects from plain trees. Each value is converted as the reference
 * converts it, in the order the reference reads it, so that where the reference throws a TypeError this reader
 * throws an {@link InvalidInputException} naming the same value. Pure; thread-safe.
 */
final class WireInputs {

    private WireInputs() {
    }

    private static final String ROOT = JsonPointers.ROOT;

    static DiscoveryPlanInput planInput(Map<String, ?> input) {
        DiscoveryPlanInput.Builder builder = DiscoveryPlanInput.builder()
                .semanticDataNeed(text(input, "semanticDataNeed", ROOT))
                .turnMeaning(turnMeaning(Js.get(input, "turnMeaning")))
                .requiredAxes(texts(input, "requiredAxes", ROOT))
                .clarificationGaps(texts(input, "clarificationGaps", ROOT))
                .proposedPrimitives(texts(input, "proposedPrimitives", ROOT));
        return builder.maxProbeCount(number(Js.get(input, "maxProbeCount")))
                .maxRowsPerProbe(number(Js.get(input, "maxRowsPerProbe")))
                .build();
    }

    /** {@code normalizeTurnMeaning} reads only from a truthy value; only an object can hold any of its fields. */
    private static @Nullable TurnMeaning turnMeaning(Object value) {
        if (!Js.truthy(value) || !(value instanceof Map)) {
            return null;
        }
        String p = JsonPointers.child(ROOT, "turnMeaning");
        TurnMeaning.Builder meaning = TurnMeaning.builder()
                .askedDomainFamily(text(value, "asked_domain_family", p))
                .askedActionFamily(text(value, "asked_action_family", p))
                .askedAggregationAxis(text(value, "asked_aggregation_axis", p))
                .seededRankingNeed(text(value, "seeded_ranking_need", p))
                .explicitOrganizationScope(text(value, "explicit_organization_scope", p))
                .explicitDateScope(text(value, "explicit_date_scope", p))
                .unsupportedButUnderstoodFamily(text(value, "unsupported_but_understood_family", p))
                .explicitEntityCandidates(texts(value, "explicit_entity_candidates", p))
                .metadataAmbiguityEntitySets(texts(value, "metadata_ambiguity_entity_sets", p));
        Object confidence = Js.get(value, "meaning_confidence");
        // Number.isFinite: only a finite number counts; the string "0.5" does not.
        if (Js.isFiniteNumber(confidence)) {
            meaning.meaningConfidence(Js.toDouble((Number) confidence));
        }
        Object stale = Js.get(value, "stale_replay_forbidden");
        if (!Js.isNullish(stale)) {
            meaning.staleReplayForbidden(Js.truthy(stale)); // Boolean(x): "false" and [] are true, 0 and "" false
        }
        // Read by nobody in the reference; kept only when already of the declared type, so they never fail a read.
        Object hint = Js.get(value, "metadata_scope_hint");
        if (hint instanceof String) {
            meaning.metadataScopeHint((String) hint);
        }
        Object optional = Js.get(value, "subject_resolution_optional");
        if (optional instanceof Boolean) {
            meaning.subjectResolutionOptional((Boolean) optional);
        }
        return meaning.build();
    }

    static EvidenceGateInput gateInput(Map<String, ?> input) {
        Object probesValue = Js.get(input, "probeResults");
        List<?> probes = probesValue instanceof List ? (List<?>) probesValue : List.of();
        EvidenceGateInput.Facts facts = new EvidenceGateInput.Facts();
        facts.confirmedFacts = texts(input, "confirmedFacts", ROOT);
        facts.inferredFacts = texts(input, "inferredFacts", ROOT);
        facts.unknownFacts = texts(input, "unknownFacts", ROOT);
        facts.sourceRowsSummary = text(input, "sourceRowsSummary", ROOT);
        facts.queryLimitations = texts(input, "queryLimitations", ROOT);

        int count = probes.size();
        String[] limitations = new String[count];
        for (int i = 0; i < count; i++) {
            if (probes.get(i) == null) {
                throw new InvalidInputException(probe(i)
                        + ": a probe result is null; the reference reads its limitation and throws TypeError");
            }
            limitations[i] = text(probes.get(i), "limitation", probe(i));
        }

        Object plan = Js.get(input, "plan");
        if (!(plan instanceof Map)) {
            throw new InvalidInputException("/plan: must be a plan object, was " + describe(plan)
                    + "; the reference reads plan.reason_codes and throws TypeError");
        }
        List<Object> reasonCodeItems = iterable(Js.get(plan, "reason_codes"));
        if (reasonCodeItems == null) {
            throw new InvalidInputException("/plan/reason_codes: must be an array, was "
                    + describe(Js.get(plan, "reason_codes")) + "; the reference spreads it and throws TypeError");
        }

        double[] rowsMatched = rows(probes, "rows_matched");
        double[] rowsReceived = rows(probes, "rows_received");
        Object allowedValue = Js.get(plan, "allowed_primitives");
        List<Object> allowedItems = Js.isNullish(allowedValue) ? List.of() : iterable(allowedValue);
        if (allowedItems == null) {
            throw new InvalidInputException("/plan/allowed_primitives: must be an array, was " + describe(allowedValue)
                    + "; the reference builds a Set of it and throws TypeError");
        }
        Set<Object> allowedKeys = new HashSet<>();
        for (Object item : allowedItems) {
            allowedKeys.add(Js.sameValueZeroKey(item));
        }
        boolean planAllowed = "allowed".equals(Js.get(plan, "plan_status"));

        List<ProbeResult> results = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Object probe = probes.get(i);
            Object status = Js.get(probe, "status");
            results.add(ProbeResult.fromWire(Js.get(probe, "primitive_id"),
                    status instanceof String ? ProbeStatus.fromWireName((String) status).orElse(null) : null,
                    rowsReceived[i], rowsMatched[i], limitations[i]));
        }
        facts.probeResults = results;
        facts.recommendedNextProbe = text(input, "recommendedNextProbe", ROOT);
        @SuppressWarnings("unchecked")
        Map<String, Object> planTree = (Map<String, Object>) Js.jsonRoundTrip(plan);
        return EvidenceGateInput.ofWire(planTree, reasonCodeItems, allowedKeys, planAllowed, facts);
    }

    /** What spreading or iterating a value gives: an array's items, a string's code points; null when neither. */
    private static @Nullable List<Object> iterable(Object value) {
        if (value instanceof List) {
            @SuppressWarnings("unchecked")
            List<Object> items = (List<Object>) Js.jsonRoundTrip(value);
            return items;
        }
        if (value instanceof String) {
            return Collections.unmodifiableList(Js.codePoints((String) value));
        }
        return null;
    }

    /** {@code Number(probe.<field> ?? 0)} for every probe, in order. */
    private static double[] rows(List<?> probes, String field) {
        double[] rows = new double[probes.size()];
        for (int i = 0; i < rows.length; i++) {
            Object value = Js.get(probes.get(i), field);
            try {
                rows[i] = Js.isNullish(value) ? 0 : Js.toJsNumber(value);
            } catch (Js.NotConvertibleException e) {
                throw new InvalidInputException(JsonPointers.child(probe(i), field) + ": " + e.getMessage());
            }
        }
        return rows;
    }

    /** The pointer of the probe result {@code index}. */
    private static String probe(int index) {
        return JsonPointers.child(JsonPointers.child(ROOT, "probeResults"), index);
    }

    /** {@link #text(Object, String)} of the member {@code key} of {@code object}, which is at {@code parent}. */
    private static @Nullable String text(Object object, String key, String parent) {
        return text(Js.get(object, key), JsonPointers.child(parent, key));
    }

    /** {@code toNonEmptyString}'s conversion: null and undefined stay null, anything else {@code String(x)}. */
    private static @Nullable String text(Object value, String pointer) {
        if (Js.isNullish(value)) {
            return null;
        }
        try {
            return Js.toJsString(value);
        } catch (Js.NotConvertibleException e) {
            throw new InvalidInputException(pointer + ": " + e.getMessage());
        }
    }

    /**
     * {@code toStringList}'s conversion of the member {@code key} of {@code object}, which is at {@code parent}: a
     * non-array is empty; null items are dropped.
     */
    private static List<String> texts(Object object, String key, String parent) {
        Object value = Js.get(object, key);
        if (!(value instanceof List)) {
            return List.of();
        }
        String pointer = JsonPointers.child(parent, key);
        List<?> items = (List<?>) value;
        List<String> texts = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            String text = text(items.get(i), JsonPointers.child(pointer, i));
            if (text != null) {
                texts.add(text);
            }
        }
        return texts;
    }

    /** A budget counts only when it is a number ({@code Number.isFinite} is false for "5"). */
    private static @Nullable Double number(Object value) {
        return value instanceof Number ? Js.toDouble((Number) value) : null;
    }

    private static String describe(Object value) {
        return value == Js.UNDEFINED ? "missing" : JsonTreeReader.describe(value);
    }
}
