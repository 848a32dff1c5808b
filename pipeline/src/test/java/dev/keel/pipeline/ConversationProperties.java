package dev.keel.pipeline;

import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.evidence.Locator;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.InMemorySessionStore;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Generated conversations, with a real internal and a real external model server on loopback: whatever the mix of
 * principals (allowed, partial, denied, cleared for what must stay inside) and of questions (sealed, about crews,
 * everyday, asking for an earlier answer), what reaches the external server at a turn never carries content labelled
 * internal only or denied at an earlier turn. Each turn's question holds a word of its own, which both models repeat
 * in their answers, so what the server received says which turns it came from.
 */
class ConversationProperties {

    private static final List<Principal> PRINCIPALS = List.of(Principal.of("planner", "secret"),
            Principal.of("planner", "top_secret"), Principal.of("guest", "secret"), Principal.of("auditor", "secret"),
            Principal.of("contractor", "secret"));
    private static final List<String> QUESTIONS = List.of("top secret: where does the %s matter stand?",
            "Show the crew roster of %s", "Compare the calendars for retiring two boats near %s",
            "Give an overview of %s", "Please answer my previous question about %s",
            "Explain the provenance of the %s plan");
    private static final Pattern WORD = Pattern.compile("\\bq[a-z]{9}\\b");

    private final LoopbackBackend inside = LoopbackBackend.answering("internal_chatgpt",
            request -> "In house on " + word(request) + ".");
    private final LoopbackBackend cloud = LoopbackBackend.answering("cloud", request -> "Cloud on " + word(request) + ".");

    @AfterEach
    void stopServers() {
        inside.close();
        cloud.close();
    }

    /** The word of the last user message of {@code request}. */
    private static String word(ChatRequest request) {
        for (int i = request.messages().size() - 1; i >= 0; i--) {
            ChatMessage message = request.messages().get(i);
            Matcher word = WORD.matcher(message.text());
            if (message.role() == ChatRole.USER && word.find()) {
                return word.group();
            }
        }
        return "nothing";
    }

    private static String newWord(Random random) {
        StringBuilder word = new StringBuilder("q");
        for (int i = 0; i < 9; i++) {
            word.append((char) ('a' + random.nextInt(26)));
        }
        return word.toString();
    }

    /** Crew evidence for a question about crews: an internal-only domain, denied to guests, found by the evidence. */
    private static EvidenceProvider crewEvidence() {
        return turn -> turn.request().message().contains("crew")
                ? EvidenceSet.of(List.of(new EvidenceItem("records", "crew_records", Locator.csv("crew.csv", 2),
                        "crew roster")))
                : EvidenceSet.empty();
    }

    @Test
    void nothingLabelledInternalOnlyOrDeniedAtAnEarlierTurnReachesAnExternalBackendLater() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        int externalCalls = 0;
        int guarded = 0;
        for (int conversation = 0; conversation < 10; conversation++) {
            // Half the conversations crew questions name their domain in words; the others only the evidence does.
            Pipeline pipeline = Pipeline.builder()
                    .policy(random.nextBoolean() ? ConversationTest.policyNamingCrews() : Fixtures.policy())
                    .routing(Fixtures.routingTable())
                    .backends(Backends.builder().internal("internal_chatgpt", inside).external("llama", cloud)
                            .external("deepseek", cloud).build())
                    .evidence(crewEvidence()).reasoning(SingleCallReasoning.userMessage())
                    .sessionStore(new InMemorySessionStore()).build();
            String session = random.nextBoolean() ? "session-" + conversation : null;
            List<ChatMessage> memory = new ArrayList<>();
            Set<String> mustStay = new LinkedHashSet<>();
            for (int turn = 0; turn < 8; turn++) {
                String word = newWord(random);
                Principal principal = PRINCIPALS.get(random.nextInt(PRINCIPALS.size()));
                String question = QUESTIONS.get(random.nextInt(QUESTIONS.size())).formatted(word);
                int before = cloud.received().size();

                GovernedAnswer answer = pipeline.call(GovernedRequest.builder().principal(principal)
                        .sessionId(session).history(memory).message(question).build());

                List<String> sent = cloud.bodiesFrom(before);
                externalCalls += sent.size();
                guarded += mustStay.isEmpty() ? 0 : 1;
                for (String body : sent) {
                    for (String earlier : mustStay) {
                        assertThat(body).as("seed %d, conversation %d, turn %d (%s, %s): the external server received"
                                + " %s", seed, conversation, turn, principal, question, earlier).doesNotContain(earlier);
                    }
                }
                if (!answer.userMessage().labels().mayLeave() || !answer.answerMessage().labels().mayLeave()) {
                    mustStay.add(word);
                }
                assertThat(answer.answerMessage().labels()).as("seed %d", seed).isEqualTo(answer.labels());
                memory.add(answer.userMessage());
                memory.add(answer.answerMessage());
            }
        }
        // The generator reaches both sides: calls that went out, and turns after content that had to stay.
        assertThat(externalCalls).as("seed %d", seed).isPositive();
        assertThat(guarded).as("seed %d", seed).isPositive();
    }
}
