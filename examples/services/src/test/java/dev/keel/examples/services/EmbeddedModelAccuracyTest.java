package dev.keel.examples.services;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.io.TextSources;
import dev.keel.core.json.JsonCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The embedded classifier's path over the questions written with the catalogue ({@code questions.json}: one agency,
 * two agencies, small talk, ambiguous): at least 90% reach the right service (or guidance, for small talk), and
 * every stage output it writes passes the validator.
 */
class EmbeddedModelAccuracyTest {

    private static List<Question> questions;
    private static List<ServicesAnswer> answers;

    record Question(String question, String kind, List<String> expected) {
    }

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void askEveryQuestion() {
        List<Object> items = (List<Object>) JsonCodec.strict().parse(TextSources.readResource(
                EmbeddedModelAccuracyTest.class.getClassLoader(), "dev/keel/examples/services/questions.json"));
        questions = new ArrayList<>();
        for (Object item : items) {
            Map<String, Object> question = (Map<String, Object>) item;
            questions.add(new Question((String) question.get("question"), (String) question.get("kind"),
                    (List<String>) question.get("expected")));
        }
        ServicesAssistant assistant = ServicesAssistant.builder().build();
        answers = questions.stream().map(q -> assistant.ask(q.question())).toList();
    }

    static boolean right(Question question, ServicesAnswer answer) {
        List<String> services = answer.services();
        return switch (question.kind()) {
            case "small_talk" -> answer.outcome() == ServicesAnswer.Outcome.GUIDANCE;
            case "two_agencies" -> answer.outcome() == ServicesAnswer.Outcome.ANSWERED
                    && services.containsAll(question.expected());
            case "ambiguous" -> answer.outcome() == ServicesAnswer.Outcome.ANSWERED
                    && question.expected().contains(services.get(0));
            default -> answer.outcome() == ServicesAnswer.Outcome.ANSWERED
                    && services.get(0).equals(question.expected().get(0));
        };
    }

    @Test
    void thereAreThirtyQuestionsOrMoreOfEveryKind() {
        assertThat(questions).hasSizeGreaterThanOrEqualTo(30);
        assertThat(questions).extracting(Question::kind).contains("single", "two_agencies", "small_talk", "ambiguous");
    }

    @Test
    void atLeastNinetyPercentReachTheRightService() {
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < questions.size(); i++) {
            if (!right(questions.get(i), answers.get(i))) {
                wrong.add(questions.get(i).question() + " -> " + answers.get(i).outcome().wireName() + " "
                        + answers.get(i).services() + " via " + answers.get(i).steps().stream().map(StageStep::stage).toList());
            }
        }
        int correct = questions.size() - wrong.size();
        long high = answers.stream().filter(answer -> answer.steps().stream()
                .anyMatch(step -> step.stage().equals("semantic_analysis_v1"))).count();
        System.out.println("embedded stage model: " + correct + " of " + questions.size() + " right ("
                + Math.round(100.0 * correct / questions.size()) + "%), " + high + " on the high branch; wrong: " + wrong);
        assertThat(correct * 10).as("right answers, wrong: " + wrong).isGreaterThanOrEqualTo(questions.size() * 9);
    }

    @Test
    void everyStageOutputPassesTheValidator() {
        for (ServicesAnswer answer : answers) {
            assertThat(answer.steps()).isNotEmpty().allSatisfy(step -> {
                assertThat(step.violations()).as(step.stage() + ": " + step.output()).isEmpty();
                assertThat(step.attempt()).isEqualTo(1);
                assertThat(step.backend()).isEqualTo(EmbeddedStageModel.ID);
            });
            assertThat(answer.failure()).isEmpty();
        }
    }

    @Test
    void twoAgencyQuestionsTakeTheHighBranchAndEndWithTheMultiAgencyAnswer() {
        for (int i = 0; i < questions.size(); i++) {
            if (questions.get(i).kind().equals("two_agencies")) {
                assertThat(answers.get(i).steps()).extracting(StageStep::stage).as(questions.get(i).question())
                        .containsExactly("judgement_v1", "agency_detect_v1", "semantic_analysis_v1", "service_select_v1",
                                "multi_agency_service_answer_v1");
            }
        }
    }

    @Test
    void smallTalkEndsAtJudgementWithGuidance() {
        for (int i = 0; i < questions.size(); i++) {
            if (questions.get(i).kind().equals("small_talk")) {
                assertThat(answers.get(i).steps()).extracting(StageStep::stage).containsExactly("judgement_v1");
                assertThat(answers.get(i).text()).contains("Kestrian Civil Registry", "Ask me about a service");
            }
        }
    }
}
