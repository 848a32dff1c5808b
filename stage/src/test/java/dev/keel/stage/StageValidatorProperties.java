package dev.keel.stage;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/** Properties of the validator over any output and any state. */
@SuppressWarnings("unchecked")
class StageValidatorProperties {

    private static final StageValidator VALIDATOR = StageValidator.create();
    private static final List<StageContract> MODEL_STAGES = StageFixtures.SERVICES.contracts().stream()
            .filter(c -> c.kind() == StageKind.MODEL).toList();

    /** Valid outputs with the state each is valid in. */
    private static final List<Map.Entry<String, Map<String, Object>>> FIXTURES = List.of(
            Map.entry(StageFixtures.JUDGEMENT_INQUIRY, Map.of()),
            Map.entry(StageFixtures.JUDGEMENT_SMALL_TALK, Map.of()),
            Map.entry(StageFixtures.AGENCY_LOW, StageFixtures.afterJudgement()),
            Map.entry(StageFixtures.AGENCY_HIGH, StageFixtures.afterJudgement()),
            Map.entry(StageFixtures.CATEGORY, StageFixtures.lowState()),
            Map.entry(StageFixtures.SEMANTIC, StageFixtures.highState()),
            Map.entry(StageFixtures.SERVICE_LOW, StageFixtures.lowState()),
            Map.entry(StageFixtures.SERVICE_HIGH, StageFixtures.highState()),
            Map.entry(StageFixtures.MULTI_AGENCY, StageFixtures.beforeAnswer()));

    // ---- never throws ----

    @Property(tries = 1500)
    void neverThrowsOnAnyText(@ForAll("stages") StageContract contract, @ForAll("texts") String text,
                              @ForAll("states") Map<String, Object> state) {
        StageValidation result = VALIDATOR.validate(contract, text, ValidationContext.of(state));

        assertThat(result.valid() || !result.violations().isEmpty()).isTrue();
    }

    @Property(tries = 1500)
    void neverThrowsOnAnyJsonObject(@ForAll("stages") StageContract contract, @ForAll("objects") Map<String, Object> output,
                                    @ForAll("states") Map<String, Object> state, @ForAll boolean correction) {
        StageValidation fromTree = VALIDATOR.validate(contract, output, new ValidationContext(state, Set.of("r-1"), correction));
        StageValidation fromText = VALIDATOR.validate(contract, StageFixtures.CODEC.write(output),
                new ValidationContext(state, Set.of("r-1"), correction));

        assertThat(fromText.violations()).isEqualTo(fromTree.violations());
        for (StageViolation violation : fromTree.violations()) {
            assertThat(violation.path()).matches("(/([^~/]|~[01])*)*");
            assertThat(violation.message()).isNotBlank();
        }
    }

    @Property(tries = 1000)
    void neverThrowsOnMutationsOfValidOutputs(@ForAll("mutations") Mutated mutated) {
        StageValidation result = VALIDATOR.validate(mutated.contract(), mutated.output(), ValidationContext.of(mutated.state()));

        if (!result.valid()) {
            assertThat(result.statePatch()).isEmpty();
        }
    }

    // ---- patches touch only documented slices ----

    @Property(tries = 1000)
    void aValidOutputsPatchTouchesOnlyItsDocumentedSlices(@ForAll("mutations") Mutated mutated) {
        StageValidation result = VALIDATOR.validate(mutated.contract(), mutated.output(), ValidationContext.of(mutated.state()));

        Set<String> documented = mutated.contract().stateMerge().stream().map(StateSlice::into).collect(Collectors.toSet());
        result.statePatch().ifPresent(patch -> {
            assertThat(documented).containsAll(patch.keySet());
            assertThat(patch).doesNotContainKey("session_id");
        });
        assertThat(result.statePatch().isPresent()).isEqualTo(result.valid());
        Statistics.collect(result.valid() ? "valid" : "invalid");
        Statistics.coverage(coverage -> {
            coverage.check("valid").percentage(p -> p > 20);
            coverage.check("invalid").percentage(p -> p > 20);
        });
    }

    @Property(tries = 300)
    void everyFixtureStaysValidWhenFreeTextChanges(@ForAll("fixtures") Map.Entry<String, Map<String, Object>> fixture,
                                                   @ForAll("innocentText") String text) {
        Map<String, Object> output = StageFixtures.mutable(fixture.getKey());
        StageContract contract = StageFixtures.contract((String) output.get("stage"));
        output.put("telemetry", Map.of("notes", text));

        StageValidation result = VALIDATOR.validate(contract, output, ValidationContext.of(fixture.getValue()));

        assertThat(result.violations()).isEmpty();
        assertThat(result.statePatch().orElseThrow().keySet())
                .containsExactlyElementsOf(contract.stateMerge().stream().map(StateSlice::into).toList());
    }

    // ---- determinism ----

    @Property(tries = 500)
    void theSameInputGivesTheSameVerdict(@ForAll("mutations") Mutated mutated) {
        StageValidation first = VALIDATOR.validate(mutated.contract(), mutated.output(), ValidationContext.of(mutated.state()));
        StageValidation second = VALIDATOR.validate(mutated.contract(), StageFixtures.mutable(StageFixtures.CODEC.write(mutated.output())),
                ValidationContext.of(new LinkedHashMap<>(mutated.state())));

        assertThat(second.violations()).isEqualTo(first.violations());
        assertThat(second.statePatch()).isEqualTo(first.statePatch());
        assertThat(second.nextStep()).isEqualTo(first.nextStep());
    }

    // ---- generators ----

    /** A valid fixture with one value replaced somewhere in its tree. */
    record Mutated(StageContract contract, Map<String, Object> output, Map<String, Object> state) {
    }

    @Provide
    Arbitrary<StageContract> stages() {
        return Arbitraries.of(MODEL_STAGES);
    }

    @Provide
    Arbitrary<Map.Entry<String, Map<String, Object>>> fixtures() {
        return Arbitraries.of(FIXTURES);
    }

    @Provide
    Arbitrary<String> innocentText() {
        return Arbitraries.strings().alpha().numeric().withChars(' ', '.', ',').ofMaxLength(40);
    }

    @Provide
    Arbitrary<String> texts() {
        Arbitrary<String> noise = Arbitraries.of("{", "}", "[", "]", ",", ":", "\"stage\"", "\"", "0.8", "0.80", "-",
                "true", "null", " ", "\\", "```", "json", "\n", "\"nextStep\"", "\"session_end\"").list().ofMaxSize(25)
                .map(parts -> String.join("", parts));
        Arbitrary<String> fixtureText = Arbitraries.of(FIXTURES).map(Map.Entry::getKey);
        Arbitrary<String> truncated = fixtureText.flatMap(text -> Arbitraries.integers().between(0, text.length())
                .map(end -> text.substring(0, end)));
        return Arbitraries.oneOf(Arbitraries.strings(), noise, fixtureText, truncated,
                fixtureText.map(text -> "```json\n" + text + "\n```"));
    }

    @Provide
    Arbitrary<Map<String, Object>> objects() {
        Arbitrary<String> keys = Arbitraries.of("stage", "session_id", "response_id", "nextStep", "telemetry", "notes",
                "judgements", "inquiry", "assistantReply", "agencyDetected", "agencyCount", "complexity", "candidates",
                "score", "categorySelection", "semanticAnalysis", "agencies", "agencyId", "primaryAgency", "sourcesUsed",
                "serviceSelection", "serviceKey", "template", "placeholders", "x");
        return json(keys, 3).map(value -> value instanceof Map ? (Map<String, Object>) value : java.util.Collections.singletonMap("stage", value));
    }

    @Provide
    Arbitrary<Map<String, Object>> states() {
        Arbitrary<String> keys = Arbitraries.of("session_id", "judgement_v1", "inquiry", "agency_detect_v1", "complexity",
                "agencyDetected", "agencyInfo", "agencyCount", "name", "agencyId", "semantic_analysis_v1", "agencies",
                "service_select_v1", "serviceSelection", "serviceKey");
        Arbitrary<Map<String, Object>> random = json(keys, 3).map(value -> value instanceof Map ? (Map<String, Object>) value : Map.of());
        return Arbitraries.oneOf(random, Arbitraries.of(FIXTURES).map(Map.Entry::getValue));
    }

    private static Arbitrary<Object> json(Arbitrary<String> keys, int depth) {
        Arbitrary<Object> leaves = Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(12).map(s -> (Object) s),
                Arbitraries.of("low", "high", "session_end", "service_select_v1", StageFixtures.SESSION, "tax_agency").map(s -> (Object) s),
                Arbitraries.bigDecimals().between(new BigDecimal("-2"), new BigDecimal("2")).ofScale(2).map(d -> (Object) d),
                Arbitraries.of(new BigDecimal("0.8"), new BigDecimal("1"), new BigDecimal("1E+2"), BigDecimal.ZERO).map(d -> (Object) d),
                Arbitraries.of(true, false).map(b -> (Object) b),
                Arbitraries.just(null));
        if (depth == 0) {
            return leaves;
        }
        Arbitrary<Object> inner = json(keys, depth - 1);
        Arbitrary<Object> arrays = inner.list().ofMaxSize(4).map(list -> (Object) list);
        Arbitrary<Object> objects = Arbitraries.maps(keys, inner).ofMaxSize(5).map(map -> (Object) new LinkedHashMap<>(map));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, leaves), net.jqwik.api.Tuple.of(1, arrays), net.jqwik.api.Tuple.of(2, objects));
    }

    @Provide
    Arbitrary<Mutated> mutations() {
        Arbitrary<Object> replacement = json(Arbitraries.of("agencyId", "score", "value", "x"), 1);
        return Combinators.combine(Arbitraries.of(FIXTURES), Arbitraries.integers().between(0, 10_000), replacement,
                Arbitraries.integers().between(0, 2)).as((fixture, position, value, action) -> {
                    Map<String, Object> output = StageFixtures.mutable(fixture.getKey());
                    List<Object[]> slots = new ArrayList<>();
                    collectSlots(output, slots);
                    Object[] slot = slots.get(position % slots.size());
                    apply(slot, value, action);
                    return new Mutated(StageFixtures.contract((String) StageFixtures.parse(fixture.getKey()).get("stage")),
                            output, fixture.getValue());
                });
    }

    /** Every (container, key or index) of a tree, so that one can be replaced or removed. */
    private static void collectSlots(Object node, List<Object[]> slots) {
        if (node instanceof Map) {
            for (Map.Entry<String, Object> entry : ((Map<String, Object>) node).entrySet()) {
                slots.add(new Object[] {node, entry.getKey()});
                collectSlots(entry.getValue(), slots);
            }
        } else if (node instanceof List) {
            List<Object> list = (List<Object>) node;
            for (int i = 0; i < list.size(); i++) {
                slots.add(new Object[] {node, i});
                collectSlots(list.get(i), slots);
            }
        }
    }

    /** 0: replace the value; 1: remove it; 2: leave it (the fixture stays valid). */
    private static void apply(Object[] slot, Object value, int action) {
        if (action == 2) {
            return;
        }
        if (slot[0] instanceof Map) {
            Map<String, Object> map = (Map<String, Object>) slot[0];
            if (action == 0) {
                map.put((String) slot[1], value);
            } else {
                map.remove(slot[1]);
            }
        } else {
            List<Object> list = (List<Object>) slot[0];
            if (action == 0) {
                list.set((Integer) slot[1], value);
            } else {
                list.remove((int) (Integer) slot[1]);
            }
        }
    }
}
