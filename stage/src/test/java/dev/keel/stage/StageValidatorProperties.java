package dev.keel.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import dev.keel.test.properties.Weighted;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

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

    @Test
    void neverThrowsOnAnyText() {
        Property.forAll(stages(), texts(), states()).tries(1500).check((contract, text, state) -> {
            StageValidation result = VALIDATOR.validate(contract, text, ValidationContext.of(state));

            assertThat(result.valid() || !result.violations().isEmpty()).isTrue();
        });
    }

    @Test
    void neverThrowsOnAnyJsonObject() {
        Property.forAll(stages(), objects(), states(), Gen.booleans()).tries(1500)
                .check((contract, output, state, correction) -> {
                    StageValidation fromTree = VALIDATOR.validate(contract, output,
                            new ValidationContext(state, Set.of("r-1"), correction));
                    StageValidation fromText = VALIDATOR.validate(contract, StageFixtures.CODEC.write(output),
                            new ValidationContext(state, Set.of("r-1"), correction));

                    assertThat(fromText.violations()).isEqualTo(fromTree.violations());
                    for (StageViolation violation : fromTree.violations()) {
                        assertThat(violation.path()).matches("(/([^~/]|~[01])*)*");
                        assertThat(violation.message()).isNotBlank();
                    }
                });
    }

    @Test
    void neverThrowsOnMutationsOfValidOutputs() {
        Property.forAll(mutations()).tries(1000).check(mutated -> {
            StageValidation result = VALIDATOR.validate(mutated.contract(), mutated.output(),
                    ValidationContext.of(mutated.state()));

            if (!result.valid()) {
                assertThat(result.statePatch()).isEmpty();
            }
        });
    }

    // ---- patches touch only documented slices ----

    @Test
    void aValidOutputsPatchTouchesOnlyItsDocumentedSlices() {
        AtomicInteger valid = new AtomicInteger();
        AtomicInteger invalid = new AtomicInteger();
        Property.forAll(mutations()).tries(1000).check(mutated -> {
            StageValidation result = VALIDATOR.validate(mutated.contract(), mutated.output(),
                    ValidationContext.of(mutated.state()));

            Set<String> documented = mutated.contract().stateMerge().stream().map(StateSlice::into)
                    .collect(Collectors.toSet());
            result.statePatch().ifPresent(patch -> {
                assertThat(documented).containsAll(patch.keySet());
                assertThat(patch).doesNotContainKey("session_id");
            });
            assertThat(result.statePatch().isPresent()).isEqualTo(result.valid());
            (result.valid() ? valid : invalid).incrementAndGet();
        });
        // The mutations must reach both sides, or the property proves nothing about one of them.
        assertThat(valid.get()).as("valid outputs of 1000").isGreaterThan(200);
        assertThat(invalid.get()).as("invalid outputs of 1000").isGreaterThan(200);
    }

    @Test
    void everyFixtureStaysValidWhenFreeTextChanges() {
        Property.forAll(fixtures(), innocentText()).tries(300).check((fixture, text) -> {
            Map<String, Object> output = StageFixtures.mutable(fixture.getKey());
            StageContract contract = StageFixtures.contract((String) output.get("stage"));
            output.put("telemetry", Map.of("notes", text));

            StageValidation result = VALIDATOR.validate(contract, output, ValidationContext.of(fixture.getValue()));

            assertThat(result.violations()).isEmpty();
            assertThat(result.statePatch().orElseThrow().keySet())
                    .containsExactlyElementsOf(contract.stateMerge().stream().map(StateSlice::into).toList());
        });
    }

    // ---- determinism ----

    @Test
    void theSameInputGivesTheSameVerdict() {
        Property.forAll(mutations()).tries(500).check(mutated -> {
            StageValidation first = VALIDATOR.validate(mutated.contract(), mutated.output(),
                    ValidationContext.of(mutated.state()));
            StageValidation second = VALIDATOR.validate(mutated.contract(),
                    StageFixtures.mutable(StageFixtures.CODEC.write(mutated.output())),
                    ValidationContext.of(new LinkedHashMap<>(mutated.state())));

            assertThat(second.violations()).isEqualTo(first.violations());
            assertThat(second.statePatch()).isEqualTo(first.statePatch());
            assertThat(second.nextStep()).isEqualTo(first.nextStep());
        });
    }

    // ---- generators ----

    /** A valid fixture with one value replaced somewhere in its tree. */
    record Mutated(StageContract contract, Map<String, Object> output, Map<String, Object> state) {
    }

    private static Gen<StageContract> stages() {
        return Gen.of(MODEL_STAGES);
    }

    private static Gen<Map.Entry<String, Map<String, Object>>> fixtures() {
        return Gen.of(FIXTURES);
    }

    private static Gen<String> innocentText() {
        return Gen.strings().alpha().numeric().withChars(" .,").ofMaxLength(40);
    }

    private static Gen<String> texts() {
        Gen<String> noise = Gen.of("{", "}", "[", "]", ",", ":", "\"stage\"", "\"", "0.8", "0.80", "-",
                "true", "null", " ", "\\", "```", "json", "\n", "\"nextStep\"", "\"session_end\"").list().ofMaxSize(25)
                .map(parts -> String.join("", parts));
        Gen<String> fixtureText = fixtures().map(Map.Entry::getKey);
        Gen<String> truncated = fixtureText.flatMap(text -> Gen.integers(0, text.length())
                .map(end -> text.substring(0, end)));
        return Gen.oneOf(Gen.strings().all(), noise, fixtureText, truncated,
                fixtureText.map(text -> "```json\n" + text + "\n```"));
    }

    private static Gen<Map<String, Object>> objects() {
        Gen<String> keys = Gen.of("stage", "session_id", "response_id", "nextStep", "telemetry", "notes",
                "judgements", "inquiry", "assistantReply", "agencyDetected", "agencyCount", "complexity", "candidates",
                "score", "categorySelection", "semanticAnalysis", "agencies", "agencyId", "primaryAgency", "sourcesUsed",
                "serviceSelection", "serviceKey", "template", "placeholders", "x");
        return json(keys, 3).map(value -> value instanceof Map ? (Map<String, Object>) value : java.util.Collections.singletonMap("stage", value));
    }

    private static Gen<Map<String, Object>> states() {
        Gen<String> keys = Gen.of("session_id", "judgement_v1", "inquiry", "agency_detect_v1", "complexity",
                "agencyDetected", "agencyInfo", "agencyCount", "name", "agencyId", "semantic_analysis_v1", "agencies",
                "service_select_v1", "serviceSelection", "serviceKey");
        Gen<Map<String, Object>> random = json(keys, 3)
                .map(value -> value instanceof Map ? (Map<String, Object>) value : Map.of());
        return Gen.oneOf(random, fixtures().map(Map.Entry::getValue));
    }

    private static Gen<Object> json(Gen<String> keys, int depth) {
        Gen<Object> leaves = Gen.oneOf(
                Gen.strings().all().ofMaxLength(12),
                Gen.of("low", "high", "session_end", "service_select_v1", StageFixtures.SESSION, "tax_agency"),
                Gen.bigDecimals(new BigDecimal("-2"), new BigDecimal("2"), 2),
                Gen.of(new BigDecimal("0.8"), new BigDecimal("1"), new BigDecimal("1E+2"), BigDecimal.ZERO),
                Gen.booleans(),
                Gen.just(null));
        if (depth == 0) {
            return leaves;
        }
        Gen<Object> inner = json(keys, depth - 1);
        return Gen.frequency(Weighted.of(3, leaves), Weighted.of(1, inner.list().ofMaxSize(4)),
                Weighted.of(2, Gen.maps(keys, inner, 0, 5)));
    }

    private static Gen<Mutated> mutations() {
        Gen<Map.Entry<String, Map<String, Object>>> fixtures = fixtures();
        Gen<Integer> positions = Gen.integers(0, 10_000);
        Gen<Object> replacements = json(Gen.of("agencyId", "score", "value", "x"), 1);
        Gen<Integer> actions = Gen.integers(0, 2);
        return choices -> {
            Map.Entry<String, Map<String, Object>> fixture = fixtures.generate(choices);
            int position = positions.generate(choices);
            Object value = replacements.generate(choices);
            int action = actions.generate(choices);
            Map<String, Object> output = StageFixtures.mutable(fixture.getKey());
            List<Object[]> slots = new ArrayList<>();
            collectSlots(output, slots);
            Object[] slot = slots.get(position % slots.size());
            apply(slot, value, action);
            return new Mutated(StageFixtures.contract((String) StageFixtures.parse(fixture.getKey()).get("stage")),
                    output, fixture.getValue());
        };
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
