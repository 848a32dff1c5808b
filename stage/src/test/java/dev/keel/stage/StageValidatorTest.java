package dev.keel.stage;

import static dev.keel.stage.StageFixtures.AGENCY_HIGH;
import static dev.keel.stage.StageFixtures.AGENCY_LOW;
import static dev.keel.stage.StageFixtures.CATEGORY;
import static dev.keel.stage.StageFixtures.JUDGEMENT_INQUIRY;
import static dev.keel.stage.StageFixtures.JUDGEMENT_SMALL_TALK;
import static dev.keel.stage.StageFixtures.MULTI_AGENCY;
import static dev.keel.stage.StageFixtures.SEMANTIC;
import static dev.keel.stage.StageFixtures.SERVICE_HIGH;
import static dev.keel.stage.StageFixtures.SERVICE_LOW;
import static dev.keel.stage.StageFixtures.SESSION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidInputException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Every rule of {@code docs/stage-runtime.md}, each with a valid and an invalid output. */
@SuppressWarnings("unchecked")
class StageValidatorTest {

    private static final Object REMOVE = new Object();
    private final StageValidator validator = StageValidator.create();

    /** The violations as "code path" lines. */
    private List<String> violations(String stage, Object output, Map<String, Object> state) {
        return lines(result(stage, output, ValidationContext.of(state)));
    }

    private StageValidation result(String stage, Object output, ValidationContext context) {
        StageContract contract = StageFixtures.contract(stage);
        @SuppressWarnings("unchecked")
        StageValidation validation = output instanceof String
                ? validator.validate(contract, (String) output, context)
                : validator.validate(contract, (Map<String, Object>) output, context);
        return validation;
    }

    private static List<String> lines(StageValidation validation) {
        List<String> lines = new ArrayList<>();
        validation.violations().forEach(v -> lines.add(v.code().code() + " " + v.path()));
        return lines;
    }

    /** A copy of {@code json} with the value at {@code pointer} replaced (or removed with {@link #REMOVE}). */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> edit(String json, String pointer, Object value) {
        Map<String, Object> root = StageFixtures.mutable(json);
        List<String> segments = Pointer.of(pointer).segments();
        Object parent = root;
        for (String segment : segments.subList(0, segments.size() - 1)) {
            parent = parent instanceof Map ? ((Map<String, Object>) parent).get(segment)
                    : ((List<Object>) parent).get(Integer.parseInt(segment));
        }
        String last = segments.get(segments.size() - 1);
        if (parent instanceof Map) {
            if (value == REMOVE) {
                ((Map<String, Object>) parent).remove(last);
            } else {
                ((Map<String, Object>) parent).put(last, value);
            }
        } else if (value == REMOVE) {
            ((List<Object>) parent).remove(Integer.parseInt(last));
        } else {
            ((List<Object>) parent).set(Integer.parseInt(last), value);
        }
        return root;
    }

    private static BigDecimal number(String text) {
        return new BigDecimal(text);
    }

    @Nested
    class RawText {

        @Test
        void markdownFencesAreAViolationNotAnException() {
            StageValidation result = result("judgement_v1", "```json\n" + JUDGEMENT_INQUIRY + "\n```", ValidationContext.empty());

            assertThat(lines(result)).containsExactly("output_not_json ");
            assertThat(result.violations().get(0).message()).contains("Markdown code fence");
            assertThat(result.statePatch()).isEmpty();
            assertThat(result.output()).isEmpty();
        }

        @Test
        void proseAroundTheObjectIsAViolation() {
            assertThat(violations("judgement_v1", "Here is the JSON: " + JUDGEMENT_INQUIRY, Map.of()))
                    .containsExactly("output_not_json ");
            StageValidation trailing = result("judgement_v1", JUDGEMENT_INQUIRY + "\nHope this helps!", ValidationContext.empty());
            assertThat(lines(trailing)).containsExactly("output_not_json ");
            assertThat(trailing.violations().get(0).message()).contains("after the JSON object");
        }

        @Test
        void emptyMalformedAndDuplicateKeyTextsAreViolations() {
            assertThat(violations("judgement_v1", "", Map.of())).containsExactly("output_not_json ");
            assertThat(violations("judgement_v1", "{\"stage\": ", Map.of())).containsExactly("output_not_json ");
            assertThat(violations("judgement_v1", "{'stage': 'judgement_v1'}", Map.of())).containsExactly("output_not_json ");
            StageValidation duplicate = result("judgement_v1", "{\"stage\": \"judgement_v1\", \"stage\": \"x\"}", ValidationContext.empty());
            assertThat(lines(duplicate)).containsExactly("output_not_json ");
            assertThat(duplicate.violations().get(0).message()).contains("json_duplicate_key");
        }

        @Test
        void jsonThatIsNotAnObjectIsAViolation() {
            assertThat(violations("judgement_v1", "[" + JUDGEMENT_INQUIRY + "]", Map.of())).containsExactly("output_not_object ");
            assertThat(violations("judgement_v1", "\"ready\"", Map.of())).containsExactly("output_not_object ");
            assertThat(violations("judgement_v1", "null", Map.of())).containsExactly("output_not_object ");
        }

        @Test
        void whiteSpaceAroundTheObjectIsFine() {
            assertThat(result("judgement_v1", "\n  " + JUDGEMENT_INQUIRY + "  \n", ValidationContext.empty()).valid()).isTrue();
        }

        @Test
        void systemAndEndStagesHaveNoOutputToValidate() {
            assertThatThrownBy(() -> validator.validate(StageFixtures.contract("base_system"), "{}", ValidationContext.empty()))
                    .isInstanceOf(InvalidInputException.class)
                    .satisfies(e -> assertThat(((InvalidInputException) e).code()).isEqualTo("stage_has_no_output"));
            assertThatThrownBy(() -> validator.validate(StageFixtures.contract("session_end"), Map.of(), ValidationContext.empty()))
                    .isInstanceOf(InvalidInputException.class);
        }
    }

    @Nested
    class Judgement {

        @Test
        void anInquiryIsValidAndMergesOnlyTheInquiryFlag() {
            StageValidation result = result("judgement_v1", JUDGEMENT_INQUIRY, ValidationContext.empty());

            assertThat(result.violations()).isEmpty();
            assertThat(result.statePatch()).contains(Map.of("judgement_v1", Map.of("inquiry", true)));
            assertThat(result.nextStep()).contains("agency_detect_v1");
        }

        @Test
        void smallTalkWithGuidanceEndsTheSession() {
            StageValidation result = result("judgement_v1", JUDGEMENT_SMALL_TALK, ValidationContext.empty());

            assertThat(result.violations()).isEmpty();
            assertThat(result.statePatch()).contains(Map.of("judgement_v1", Map.of("inquiry", false)));
            assertThat(result.nextStep()).contains("session_end");
        }

        @Test
        void anInquiryMustNotCarryAReply() {
            assertThat(violations("judgement_v1", edit(JUDGEMENT_INQUIRY, "/assistantReply", "Sure!"), Map.of()))
                    .containsExactly("wrong_type /assistantReply");
        }

        @Test
        void smallTalkNeedsGuidance() {
            assertThat(violations("judgement_v1", edit(JUDGEMENT_SMALL_TALK, "/assistantReply", null), Map.of()))
                    .containsExactly("wrong_type /assistantReply");
            StageValidation blank = result("judgement_v1", edit(JUDGEMENT_SMALL_TALK, "/assistantReply", "  "), ValidationContext.empty());
            assertThat(lines(blank)).containsExactly("blank_string /assistantReply");
            assertThat(blank.violations().get(0).message()).contains("because /judgements/inquiry is false");
        }

        @Test
        void theInquiryFlagDecidesTheNextStep() {
            assertThat(violations("judgement_v1", edit(JUDGEMENT_INQUIRY, "/nextStep", "session_end"), Map.of()))
                    .containsExactly("next_step_mismatch /nextStep");
            assertThat(violations("judgement_v1", edit(JUDGEMENT_SMALL_TALK, "/nextStep", "agency_detect_v1"), Map.of()))
                    .containsExactly("next_step_mismatch /nextStep");
        }

        @Test
        void inquiryMustBeABoolean() {
            assertThat(violations("judgement_v1", edit(JUDGEMENT_INQUIRY, "/judgements/inquiry", "true"), Map.of()))
                    .containsExactly("wrong_type /judgements/inquiry");
            assertThat(violations("judgement_v1", edit(JUDGEMENT_INQUIRY, "/judgements", Map.of()), Map.of()))
                    .containsExactly("missing_field /judgements/inquiry");
        }

        @Test
        void theStageDoesNotMentionTheSessionSoItsOutputMustOmitSessionFields() {
            Map<String, Object> withSession = edit(JUDGEMENT_INQUIRY, "/session_id", SESSION);
            withSession.put("response_id", "r-1");

            assertThat(violations("judgement_v1", withSession, Map.of("session_id", SESSION)))
                    .containsExactly("session_field_not_allowed /session_id", "session_field_not_allowed /response_id");
        }

        @Test
        void envelopeAndStatusAreChecked() {
            assertThat(violations("judgement_v1", edit(JUDGEMENT_INQUIRY, "/stageStatus", "done"), Map.of()))
                    .containsExactly("value_not_allowed /stageStatus");
            assertThat(violations("judgement_v1", edit(JUDGEMENT_INQUIRY, "/stage", "agency_detect_v1"), Map.of()))
                    .containsExactly("stage_mismatch /stage");
            assertThat(violations("judgement_v1", edit(JUDGEMENT_INQUIRY, "/telemetry", REMOVE), Map.of()))
                    .containsExactly("missing_field /telemetry");
            assertThat(violations("judgement_v1", edit(JUDGEMENT_INQUIRY, "/telemetry/notes", 3), Map.of()))
                    .containsExactly("wrong_type /telemetry/notes");
            assertThat(violations("judgement_v1", edit(JUDGEMENT_INQUIRY, "/confidence", number("0.90")), Map.of()))
                    .containsExactly("unknown_field /confidence");
            assertThat(violations("judgement_v1", edit(JUDGEMENT_INQUIRY, "/nextStep", REMOVE), Map.of()))
                    .containsExactly("missing_field /nextStep");
        }

        @Test
        void everyViolationIsReportedNotJustTheFirst() {
            Map<String, Object> output = edit(JUDGEMENT_INQUIRY, "/stageStatus", REMOVE);
            output.put("assistantReply", "hello");
            output.put("nextStep", "category_select_v1");
            output.remove("telemetry");

            assertThat(violations("judgement_v1", output, Map.of())).containsExactly(
                    "missing_field /stageStatus", "next_step_not_allowed /nextStep", "missing_field /telemetry",
                    "wrong_type /assistantReply");
        }
    }

    @Nested
    class AgencyDetect {

        @Test
        void lowComplexityLeadsToCategorySelectionAndMergesJudgementsAndNextStep() {
            StageValidation result = result("agency_detect_v1", AGENCY_LOW, ValidationContext.of(StageFixtures.afterJudgement()));

            assertThat(result.violations()).isEmpty();
            Map<String, Object> patch = result.statePatch().orElseThrow();
            assertThat(patch.keySet()).containsExactly("agency_detect_v1", "nextStep");
            assertThat(patch.get("agency_detect_v1")).isEqualTo(StageFixtures.parse(AGENCY_LOW).get("judgements"));
            assertThat(patch.get("nextStep")).isEqualTo("category_select_v1");
        }

        @Test
        void highComplexityLeadsToSemanticAnalysis() {
            StageValidation result = result("agency_detect_v1", AGENCY_HIGH, ValidationContext.of(StageFixtures.afterJudgement()));

            assertThat(result.violations()).isEmpty();
            assertThat(result.nextStep()).contains("semantic_analysis_v1");
        }

        @Test
        void complexityDecidesTheBranch() {
            assertThat(violations("agency_detect_v1", edit(AGENCY_LOW, "/nextStep", "semantic_analysis_v1"), StageFixtures.afterJudgement()))
                    .containsExactly("next_step_mismatch /nextStep");
            assertThat(violations("agency_detect_v1", edit(AGENCY_HIGH, "/nextStep", "session_end"), StageFixtures.afterJudgement()))
                    .containsExactly("next_step_mismatch /nextStep");
        }

        @Test
        void complexityIsLowOrHighAndOtherwiseTheSessionEnds() {
            Map<String, Object> medium = edit(AGENCY_LOW, "/judgements/complexity", "medium");

            assertThat(violations("agency_detect_v1", medium, StageFixtures.afterJudgement()))
                    .containsExactly("value_not_allowed /judgements/complexity", "next_step_mismatch /nextStep");
        }

        @Test
        void aNextStepOutsideTheContractIsNotAllowed() {
            assertThat(violations("agency_detect_v1", edit(AGENCY_LOW, "/nextStep", "service_select_v1"), StageFixtures.afterJudgement()))
                    .containsExactly("next_step_not_allowed /nextStep");
        }

        @Test
        void agencyCountEqualsTheNumberOfAgenciesDetected() {
            assertThat(violations("agency_detect_v1", edit(AGENCY_HIGH, "/judgements/agencyCount", number("3")), StageFixtures.afterJudgement()))
                    .containsExactly("count_mismatch /judgements/agencyCount");
            assertThat(violations("agency_detect_v1", edit(AGENCY_HIGH, "/judgements/agencyCount", number("2.0")), StageFixtures.afterJudgement()))
                    .containsExactly("wrong_type /judgements/agencyCount");
            assertThat(violations("agency_detect_v1", edit(AGENCY_HIGH, "/judgements/agencyCount", number("-1")), StageFixtures.afterJudgement()))
                    .containsExactly("below_minimum /judgements/agencyCount", "count_mismatch /judgements/agencyCount");
        }

        @Test
        void anInquiryNeedsAtLeastOneAgency() {
            Map<String, Object> none = edit(AGENCY_LOW, "/judgements/agencyDetected", List.of());
            ((Map<String, Object>) none.get("judgements")).put("agencyCount", BigDecimal.ZERO);

            assertThat(violations("agency_detect_v1", none, StageFixtures.afterJudgement()))
                    .containsExactly("too_few_items /judgements/agencyDetected");
            Map<String, Object> notAnInquiry = StageFixtures.afterJudgement();
            notAnInquiry.put("judgement_v1", Map.of("inquiry", false));
            assertThat(violations("agency_detect_v1", none, notAnInquiry)).isEmpty();
        }

        @Test
        void anAgencyIsDetectedOnce() {
            Map<String, Object> twice = edit(AGENCY_HIGH, "/judgements/agencyDetected", List.of("tax_agency", "tax_agency"));

            assertThat(violations("agency_detect_v1", twice, StageFixtures.afterJudgement()))
                    .containsExactly("duplicate_item /judgements/agencyDetected/1");
        }

        @Test
        void repeatsAreFoundInLongListsToo() {
            List<String> many = List.of("a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a2", "a9", "a0");
            Map<String, Object> repeated = edit(AGENCY_HIGH, "/judgements/agencyDetected", many);

            assertThat(violations("agency_detect_v1", repeated, StageFixtures.afterJudgement()))
                    .filteredOn(line -> line.startsWith("duplicate_item"))
                    .containsExactly("duplicate_item /judgements/agencyDetected/9", "duplicate_item /judgements/agencyDetected/11");
        }

        @Test
        void sessionIdMustContinueTheCachedSession() {
            StageValidation result = result("agency_detect_v1", edit(AGENCY_LOW, "/session_id", "another-session"),
                    ValidationContext.of(StageFixtures.afterJudgement()));

            assertThat(lines(result)).containsExactly("session_id_mismatch /session_id");
            assertThat(result.violations().get(0).message()).contains(SESSION).contains("another-session");
            assertThat(violations("agency_detect_v1", edit(AGENCY_LOW, "/session_id", REMOVE), StageFixtures.afterJudgement()))
                    .containsExactly("missing_field /session_id");
            assertThat(violations("agency_detect_v1", AGENCY_LOW, Map.of("judgement_v1", Map.of("inquiry", true))))
                    .containsExactly("session_id_mismatch /session_id");
        }

        @Test
        void responseIdMustBeNew() {
            assertThat(violations("agency_detect_v1", edit(AGENCY_LOW, "/response_id", REMOVE), StageFixtures.afterJudgement()))
                    .containsExactly("missing_field /response_id");
            assertThat(violations("agency_detect_v1", edit(AGENCY_LOW, "/response_id", " "), StageFixtures.afterJudgement()))
                    .containsExactly("blank_string /response_id");
            assertThat(violations("agency_detect_v1", edit(AGENCY_LOW, "/response_id", SESSION), StageFixtures.afterJudgement()))
                    .containsExactly("response_id_not_fresh /response_id");
            StageValidation reused = result("agency_detect_v1", AGENCY_LOW,
                    new ValidationContext(StageFixtures.afterJudgement(), Set.of("r-agency-1"), false));
            assertThat(lines(reused)).containsExactly("response_id_not_fresh /response_id");
        }
    }

    @Nested
    class CategorySelect {

        @Test
        void candidatesAreMergedFlattenedWithTheNextStep() {
            StageValidation result = result("category_select_v1", CATEGORY, ValidationContext.of(StageFixtures.lowState()));

            assertThat(result.violations()).isEmpty();
            Map<String, Object> candidates = (Map<String, Object>) ((Map<String, Object>) StageFixtures.parse(CATEGORY)
                    .get("categorySelection")).get("candidates");
            assertThat(result.statePatch()).contains(orderedMap("category_select_v1", Map.of("candidates", candidates),
                    "nextStep", "service_select_v1"));
        }

        @Test
        void runsOnlyOnTheLowComplexityPath() {
            assertThat(violations("category_select_v1", CATEGORY, StageFixtures.highState()))
                    .containsExactly("state_precondition_failed ");
            assertThat(violations("category_select_v1", CATEGORY, Map.of("session_id", SESSION)))
                    .containsExactly("state_precondition_failed ");
            assertThat(validator.checkPreconditions(StageFixtures.contract("category_select_v1"), StageFixtures.lowState())).isEmpty();
        }

        @Test
        void scoresHaveTwoDecimalsAndAreAtLeastOneHalf() {
            String score = "/categorySelection/candidates/tax_refund/score";
            assertThat(violations("category_select_v1", edit(CATEGORY, score, number("0.8")), StageFixtures.lowState()))
                    .containsExactly("score_precision " + score);
            assertThat(violations("category_select_v1", edit(CATEGORY, score, number("0.800")), StageFixtures.lowState()))
                    .containsExactly("score_precision " + score);
            assertThat(violations("category_select_v1", edit(CATEGORY, score, number("0.49")), StageFixtures.lowState()))
                    .containsExactly("score_below_minimum " + score);
            assertThat(violations("category_select_v1", edit(CATEGORY, score, number("0.50")), StageFixtures.lowState()))
                    .isEmpty();
            assertThat(violations("category_select_v1", edit(CATEGORY, score, number("1.20")), StageFixtures.lowState()))
                    .containsExactly("score_out_of_range " + score);
            assertThat(violations("category_select_v1", edit(CATEGORY, score, number("0.3")), StageFixtures.lowState()))
                    .containsExactly("score_precision " + score, "score_below_minimum " + score);
            assertThat(violations("category_select_v1", edit(CATEGORY, score, "0.80"), StageFixtures.lowState()))
                    .containsExactly("wrong_type " + score);
        }

        @Test
        void aScoreIsReadAsWrittenSoAnExponentIsNotTwoDecimals() {
            String raw = StageFixtures.CATEGORY.replace("\"score\": 0.61", "\"score\": 61e-2");
            StageValidation validation = validator.validate(StageFixtures.contract("category_select_v1"), raw,
                    ValidationContext.of(StageFixtures.lowState()));

            assertThat(validation.violations()).extracting(v -> v.code().code() + " " + v.path() + " " + v.message())
                    .containsExactly("score_precision /categorySelection/candidates/tax_refund/score a score is written"
                            + " with exactly two decimal places (like 0.80), found 61e-2");
        }

        @Test
        void aNumberOfAnyScaleGivesAShortMessageAndNeverThrows() {
            java.math.BigDecimal huge = new java.math.BigDecimal("-1e2000000000");
            Map<String, Object> output = StageFixtures.mutable(StageFixtures.AGENCY_LOW);
            ((Map<String, Object>) output.get("judgements")).put("agencyCount", huge);

            StageValidation validation = validator.validate(StageFixtures.contract("agency_detect_v1"), output,
                    ValidationContext.of(StageFixtures.afterJudgement()));

            assertThat(validation.valid()).isFalse();
            assertThat(validation.violations()).allSatisfy(v -> assertThat(v.message()).hasSizeLessThan(200));
        }

        @Test
        void atLeastOneCandidate() {
            assertThat(violations("category_select_v1", edit(CATEGORY, "/categorySelection/candidates", Map.of()), StageFixtures.lowState()))
                    .containsExactly("too_few_items /categorySelection/candidates");
        }

        @Test
        void theOnlyNextStepIsServiceSelection() {
            assertThat(violations("category_select_v1", edit(CATEGORY, "/nextStep", "semantic_analysis_v1"), StageFixtures.lowState()))
                    .containsExactly("next_step_not_allowed /nextStep");
        }
    }

    @Nested
    class SemanticAnalysis {

        @Test
        void theWholeBlockIsMergedWithTheNextStep() {
            StageValidation result = result("semantic_analysis_v1", SEMANTIC, ValidationContext.of(StageFixtures.highState()));

            assertThat(result.violations()).isEmpty();
            assertThat(result.statePatch()).contains(orderedMap("semantic_analysis_v1",
                    StageFixtures.parse(SEMANTIC).get("semanticAnalysis"), "nextStep", "service_select_v1"));
        }

        @Test
        void runsOnlyOnTheHighComplexityPath() {
            StageValidation result = result("semantic_analysis_v1", SEMANTIC, ValidationContext.of(StageFixtures.lowState()));

            assertThat(lines(result)).containsExactly("state_precondition_failed ");
            assertThat(result.violations().get(0).message()).contains("/agency_detect_v1/complexity").contains("\"high\"");
        }

        @Test
        void atLeastTwoDistinctAgencies() {
            List<Object> agencies = (List<Object>) ((Map<String, Object>) StageFixtures.mutable(SEMANTIC).get("semanticAnalysis")).get("agencies");
            assertThat(violations("semantic_analysis_v1", edit(SEMANTIC, "/semanticAnalysis/agencies", List.of(agencies.get(0))),
                    StageFixtures.highState())).containsExactly("too_few_items /semanticAnalysis/agencies");
            assertThat(violations("semantic_analysis_v1", edit(SEMANTIC, "/semanticAnalysis/agencies/1", agencies.get(0)),
                    StageFixtures.highState())).containsExactly("duplicate_item /semanticAnalysis/agencies/1/agencyId");
        }

        @Test
        void everyCandidateScoresAtLeastOneHalf() {
            String score = "/semanticAnalysis/agencies/1/categorySelection/candidates/address_report/score";
            assertThat(violations("semantic_analysis_v1", edit(SEMANTIC, score, number("0.40")), StageFixtures.highState()))
                    .containsExactly("score_below_minimum " + score);
        }

        @Test
        void thePrimaryAgencyIsOneOfTheAgenciesAnalysed() {
            assertThat(violations("semantic_analysis_v1", edit(SEMANTIC, "/semanticAnalysis/primaryAgency/agencyId", "police"),
                    StageFixtures.highState())).containsExactly("not_a_member /semanticAnalysis/primaryAgency/agencyId");
        }

        @Test
        void thePrimaryAgencyHasTheHighestCumulativeRelevance() {
            StageValidation result = result("semantic_analysis_v1",
                    edit(SEMANTIC, "/semanticAnalysis/primaryAgency/agencyId", "civil_registry"),
                    ValidationContext.of(StageFixtures.highState()));

            assertThat(lines(result)).containsExactly("not_highest_total /semanticAnalysis/primaryAgency/agencyId");
            assertThat(result.violations().get(0).message()).isEqualTo("\"civil_registry\" totals 0.57 at"
                    + " /categorySelection/candidates/*/score, but \"tax_agency\" totals 0.88; name the item of"
                    + " /semanticAnalysis/agencies with the highest total");
        }

        @Test
        void relevanceIsTheSumOfAnAgencysCandidateScores() {
            Map<String, Object> output = StageFixtures.mutable(SEMANTIC);
            Map<String, Object> registry = (Map<String, Object>) ((List<Object>) ((Map<String, Object>) output
                    .get("semanticAnalysis")).get("agencies")).get(1);
            Map<String, Object> candidates = (Map<String, Object>) ((Map<String, Object>) registry
                    .get("categorySelection")).get("candidates");
            candidates.put("residence_permit", orderedMap("value", "Residence permits", "score", number("0.50")));
            // 0.57 + 0.50 = 1.07 beats the tax agency's single 0.88
            assertThat(violations("semantic_analysis_v1", output, StageFixtures.highState()))
                    .containsExactly("not_highest_total /semanticAnalysis/primaryAgency/agencyId");

            ((Map<String, Object>) ((Map<String, Object>) output.get("semanticAnalysis")).get("primaryAgency"))
                    .put("agencyId", "civil_registry");
            assertThat(violations("semantic_analysis_v1", output, StageFixtures.highState())).isEmpty();
        }

        @Test
        void onATieEitherAgencyIsPrimary() {
            String score = "/semanticAnalysis/agencies/1/categorySelection/candidates/address_report/score";
            Map<String, Object> tied = edit(SEMANTIC, score, number("0.88"));
            assertThat(violations("semantic_analysis_v1", tied, StageFixtures.highState())).isEmpty();

            Map<String, Object> otherPrimary = StageFixtures.mutable(StageFixtures.CODEC.write(tied));
            ((Map<String, Object>) ((Map<String, Object>) otherPrimary.get("semanticAnalysis")).get("primaryAgency"))
                    .put("agencyId", "civil_registry");
            assertThat(violations("semantic_analysis_v1", otherPrimary, StageFixtures.highState())).isEmpty();
        }

        @Test
        void anAgencyWithoutCandidatesTotalsZero() {
            Map<String, Object> output = edit(SEMANTIC, "/semanticAnalysis/agencies/0/categorySelection/candidates", Map.of());
            assertThat(violations("semantic_analysis_v1", output, StageFixtures.highState()))
                    .containsExactly("not_highest_total /semanticAnalysis/primaryAgency/agencyId");
        }
    }

    @Nested
    class ServiceSelect {

        @Test
        void selectionAndTemplateAreMergedWithTheNextStep() {
            StageValidation result = result("service_select_v1", SERVICE_LOW, ValidationContext.of(StageFixtures.lowState()));

            assertThat(result.violations()).isEmpty();
            Map<String, Object> output = StageFixtures.parse(SERVICE_LOW);
            assertThat(result.statePatch()).contains(orderedMap("service_select_v1",
                    orderedMap("serviceSelection", output.get("serviceSelection"), "template", output.get("template")),
                    "nextStep", "session_end"));
        }

        @Test
        void aSingleAgencyFlowEndsTheSession() {
            assertThat(violations("service_select_v1", edit(SERVICE_LOW, "/nextStep", "multi_agency_service_answer_v1"),
                    StageFixtures.lowState())).containsExactly("next_step_mismatch /nextStep");
            Map<String, Object> highWithOneAgency = StageFixtures.afterAgency(AGENCY_LOW.replace("\"low\"", "\"high\"")
                    .replace("category_select_v1", "semantic_analysis_v1"));
            assertThat(violations("service_select_v1", SERVICE_HIGH, highWithOneAgency))
                    .containsExactly("next_step_mismatch /nextStep");
        }

        @Test
        void aMultiAgencyFlowMayAskForSynthesisOrEnd() {
            assertThat(violations("service_select_v1", SERVICE_HIGH, StageFixtures.highState())).isEmpty();
            assertThat(violations("service_select_v1", edit(SERVICE_HIGH, "/nextStep", "session_end"), StageFixtures.highState())).isEmpty();
        }

        @Test
        void theServiceKeyIsPresentAndTheScoreAtLeastOneHalfWithTwoDecimals() {
            assertThat(violations("service_select_v1", edit(SERVICE_LOW, "/serviceSelection/serviceKey", REMOVE), StageFixtures.lowState()))
                    .containsExactly("missing_field /serviceSelection/serviceKey");
            assertThat(violations("service_select_v1", edit(SERVICE_LOW, "/serviceSelection/serviceKey", ""), StageFixtures.lowState()))
                    .containsExactly("blank_string /serviceSelection/serviceKey");
            assertThat(violations("service_select_v1", edit(SERVICE_LOW, "/serviceSelection/score", number("0.9")), StageFixtures.lowState()))
                    .containsExactly("score_precision /serviceSelection/score");
            assertThat(violations("service_select_v1", edit(SERVICE_LOW, "/serviceSelection/score", number("0.45")), StageFixtures.lowState()))
                    .containsExactly("score_below_minimum /serviceSelection/score");
        }

        @Test
        void matchedFieldIsOneOfTheIndexFields() {
            assertThat(violations("service_select_v1", edit(SERVICE_LOW, "/serviceSelection/matchedField", "title"), StageFixtures.lowState()))
                    .containsExactly("value_not_allowed /serviceSelection/matchedField");
        }

        @Test
        void atLeastOnePlaceholder() {
            assertThat(violations("service_select_v1", edit(SERVICE_LOW, "/template/placeholders", Map.of()), StageFixtures.lowState()))
                    .containsExactly("too_few_items /template/placeholders");
            assertThat(violations("service_select_v1", edit(SERVICE_LOW, "/template/placeholders/deadline", 7), StageFixtures.lowState()))
                    .containsExactly("wrong_type /template/placeholders/deadline");
        }
    }

    @Nested
    class MultiAgencyAnswer {

        @Test
        void theWholeOutputIsMergedWithTheNextStep() {
            StageValidation result = result("multi_agency_service_answer_v1", MULTI_AGENCY, ValidationContext.of(StageFixtures.beforeAnswer()));

            assertThat(result.violations()).isEmpty();
            assertThat(result.statePatch()).contains(orderedMap("multi_agency_service_answer_v1",
                    StageFixtures.parse(MULTI_AGENCY), "nextStep", "session_end"));
        }

        @Test
        void theReplyIsNotEmpty() {
            assertThat(violations("multi_agency_service_answer_v1", edit(MULTI_AGENCY, "/assistantReply", ""), StageFixtures.beforeAnswer()))
                    .containsExactly("blank_string /assistantReply");
        }

        @Test
        void anAgencyTheReplyNamesMustBeListed() {
            StageValidation result = result("multi_agency_service_answer_v1", edit(MULTI_AGENCY, "/sourcesUsed/1", REMOVE),
                    ValidationContext.of(StageFixtures.beforeAnswer()));

            assertThat(lines(result)).containsExactly("source_not_listed /sourcesUsed");
            assertThat(result.violations().get(0).message()).contains("\"civil_registry\"").contains("Civil Registry Office");
        }

        @Test
        void aServiceTheReplyNamesMustBeListed() {
            Map<String, Object> output = edit(MULTI_AGENCY, "/sourcesUsed/0/serviceKey", "");

            assertThat(violations("multi_agency_service_answer_v1", output, StageFixtures.beforeAnswer()))
                    .containsExactly("source_not_listed /sourcesUsed");
        }

        @Test
        void referencesAreFoundByIdOrNameIgnoringCase() {
            Map<String, Object> byId = edit(MULTI_AGENCY, "/assistantReply", "Ask TAX_AGENCY first.");
            byId.put("sourcesUsed", List.of());

            assertThat(violations("multi_agency_service_answer_v1", byId, StageFixtures.beforeAnswer()))
                    .containsExactly("source_not_listed /sourcesUsed");
        }

        @Test
        void aNameInsideAnotherWordIsNotAReference() {
            Map<String, Object> state = StageFixtures.beforeAnswer();
            Map<String, Object> agency = new LinkedHashMap<>((Map<String, Object>) state.get("agency_detect_v1"));
            agency.put("agencyDetected", List.of("tax_agency", "civil_registry", "moe"));
            state.put("agency_detect_v1", agency);
            Map<String, Object> output = edit(MULTI_AGENCY, "/assistantReply",
                    "Some steps at the National Tax Agency (Business Registration) and the Civil Registry Office.");

            assertThat(violations("multi_agency_service_answer_v1", output, state)).isEmpty();
            assertThat(violations("multi_agency_service_answer_v1", edit(MULTI_AGENCY, "/assistantReply", "Ask MOE, then the rest."), state))
                    .containsExactly("source_not_listed /sourcesUsed");
        }

        @Test
        void aNameInAScriptWithoutSpacesIsFoundInsideText() {
            Map<String, Object> state = StageFixtures.beforeAnswer();
            Map<String, Object> agency = new LinkedHashMap<>((Map<String, Object>) state.get("agency_detect_v1"));
            agency.put("agencyInfo", List.of(Map.of("agencyId", "nta", "name", "國稅局", "path", "/nta", "description", "")));
            state.put("agency_detect_v1", agency);

            assertThat(violations("multi_agency_service_answer_v1", edit(MULTI_AGENCY, "/assistantReply", "請先到國稅局辦理。"), state))
                    .containsExactly("source_not_listed /sourcesUsed");
        }

        @Test
        void sessionEndIsTheOnlyNextStep() {
            assertThat(violations("multi_agency_service_answer_v1", edit(MULTI_AGENCY, "/nextStep", "judgement_v1"), StageFixtures.beforeAnswer()))
                    .containsExactly("next_step_not_allowed /nextStep");
        }
    }

    @Nested
    class Corrections {

        @Test
        void aCorrectedOutputExplainsItsFixInTheTelemetryNote() {
            ValidationContext reask = new ValidationContext(Map.of(), Set.of(), true);

            assertThat(lines(result("judgement_v1", JUDGEMENT_INQUIRY, reask))).containsExactly("telemetry_note_missing /telemetry/notes");
            assertThat(result("judgement_v1", edit(JUDGEMENT_INQUIRY, "/telemetry/notes", "assistantReply is now null"), reask).valid())
                    .isTrue();
        }
    }

    @Nested
    class ParsedTrees {

        @Test
        void doublesAreCheckedAsWritten() {
            Map<String, Object> output = edit(CATEGORY, "/categorySelection/candidates/tax_refund/score", 0.8d);

            assertThat(violations("category_select_v1", output, StageFixtures.lowState()))
                    .containsExactly("score_precision /categorySelection/candidates/tax_refund/score");
        }

        @Test
        void theResultKeepsACopyOfAMutableInput() {
            Map<String, Object> output = StageFixtures.mutable(AGENCY_LOW);
            StageValidation result = validator.validate(StageFixtures.contract("agency_detect_v1"), output,
                    ValidationContext.of(StageFixtures.afterJudgement()));
            ((Map<String, Object>) output.get("judgements")).put("complexity", "high");

            assertThat(((Map<String, Object>) result.statePatch().orElseThrow().get("agency_detect_v1")).get("complexity"))
                    .isEqualTo("low");
            assertThat(((Map<String, Object>) result.output().orElseThrow().get("judgements")).get("complexity"))
                    .isEqualTo("low");
        }

        @Test
        void valuesThatAreNotJsonAreTheWrongType() {
            Map<String, Object> output = edit(JUDGEMENT_INQUIRY, "/judgements/inquiry", new Object());

            assertThat(violations("judgement_v1", output, Map.of())).containsExactly("wrong_type /judgements/inquiry");
        }
    }

    @Test
    void pathsEscapeKeysAsJsonPointers() {
        Map<String, Object> output = StageFixtures.mutable(CATEGORY);
        ((Map<String, Object>) ((Map<String, Object>) output.get("categorySelection")).get("candidates"))
                .put("a~b/c", Map.of("value", "x", "score", number("0.7")));

        assertThat(violations("category_select_v1", output, StageFixtures.lowState()))
                .containsExactly("score_precision /categorySelection/candidates/a~0b~1c/score");
    }

    @Test
    void ofGroupsTiedForTheHighestTotalTheFirstIsNamed() {
        StageContract contract = StageContract.fromJson("""
                {"id": "pick_v1", "kind": "model", "session_fields": "omit",
                 "output": {"type": "object", "properties": {"label": {"type": "string"},
                   "groups": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"},
                     "score": {"type": "score"}}, "required": ["id", "score"]}}}, "required": ["label", "groups"]},
                 "rules": [{"rule": "highest_total", "path": "/label", "groups": "/groups", "key": "id",
                   "scores": "/score"}],
                 "next_step": {"allowed": ["session_end"]}}""");
        String output = """
                {"stage": "pick_v1", "label": "a", "groups": [{"id": "a", "score": 0.10}, {"id": "b", "score": 0.50},
                 {"id": "c", "score": 0.50}], "nextStep": "session_end", "telemetry": {"notes": null}}""";

        StageValidation result = validator.validate(contract, output, ValidationContext.of(Map.of()));

        assertThat(lines(result)).containsExactly("not_highest_total /label");
        assertThat(result.violations().get(0).message()).isEqualTo("\"a\" totals 0.10 at /score, but \"b\" totals"
                + " 0.50; name the item of /groups with the highest total");
    }

    private static Map<String, Object> orderedMap(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(k1, v1);
        map.put(k2, v2);
        return map;
    }
}
