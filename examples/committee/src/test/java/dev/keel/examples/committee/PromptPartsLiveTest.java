package dev.keel.examples.committee;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The committee's prompts are built from parts, and the service governs the request as parts, over the loopback
 * model server the service's live tests use (Anthropic's Messages API): what each of the six provider calls of a
 * committee run (plan, three agents, scoring, synthesis) received is read back from the wire.
 *
 * <ul>
 *   <li>A credential after a character that JSON escapes (a line break, a tab, a control character, a typed
 *       {@code \/}) is the user's request as a value of the prompt's JSON part, and the egress filter reads it
 *       decoded: no part of it reaches any call.</li>
 *   <li>Under PARTIAL a number word, ordinal or month after such a character reaches no call either, and nothing of
 *       the response the caller reads, the audit appendix included (a PERT step's {@code "o": 383.29}), shows a
 *       number.</li>
 *   <li>A marking or an operations-records name only in an attachment's file name or URL keeps the request in the
 *       house: no call reaches the provider.</li>
 * </ul>
 * Generated cases come from a seeded {@link Random}; the seed is in a failure's message ({@code -Dkeel.test.seed=N}
 * replays it).
 */
class PromptPartsLiveTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-24T09:00:00Z"), ZoneOffset.UTC);
    private static final String PROVIDER_KEY = "test-provider-key";
    private static final List<String> AGENTS = List.of("solver", "critic", "verifier");

    /** Characters JSON writes as an escape, and escapes a user may type, each put before the secret or word. */
    private static final List<String> SEPARATORS = List.of("\n", "\t", "\r\n", "\u0001", "\u000b", "\u001f",
            "\\/", "\\n", "\\t", "\n\t", "\"");
    /** Those of {@link #SEPARATORS} that a reader sees as white space once decoded. */
    private static final List<String> BREAKS = List.of("\n", "\t", "\r\n", "\u000b", "\\n", "\\t", "\n\t");
    private static final String ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private static final String PLAN = """
            {"taskType": "TECHNICAL_EXECUTION", "agentsToRun": ["solver", "critic", "verifier"], "rounds": 1,
             "needsClarification": false, "outputShape": "audit"}""";
    private static final String AGENT = """
            {"agent": "%s", "answerSummary": ["Move the job in two steps"], "assumptions": ["one region"],
             "reasoning": "Two small steps are safer.", "stepsOrDeliverables": ["prepare", "switch"],
             "failureModes": ["a step is skipped"],
             "units": [{"id": "u1", "topic": "plan", "text": "Prepare, then switch", "tags": ["plan"]}],
             "selfConfidence": 0.8}""";
    private static final String SCORES = """
            {"scores": [%s]}""".formatted(String.join(", ", AGENTS.stream().map(agent -> """
            {"agent": "%s", "axes": {"coherence": 23, "alignment": 22, "verifiability": 21, "signalDensity": 22,
                                     "compliance": 24}}""".formatted(agent)).toList()));
    private static final String SYNTHESIS = """
            {"tldr": ["Prepare the new job, then switch over."],
             "replyMarkdown": "1. Prepare the new job [solver:u1]\\n2. Switch over [critic:u1]",
             "acceptanceTests": ["the new job runs once on the new host"],
             "assumptions": ["one region"],
             "estimate": {"unit": "hours", "steps": [{"step": "prepare", "o": 383.29, "m": 400, "p": 512},
                                                     {"step": "switch", "o": 1, "m": 2, "p": 4}],
                          "assumptions": ["the team is free"], "risks": ["a late switch"], "confidence": 0.7},
             "meta": {"conflictPenalty": 0, "coverageBonus": 0},
             "audit": {"citations": [{"unit": "solver:u1"}, {"unit": "critic:u1"}], "disagreements": []}}""";

    private final LoopbackModelServer provider = LoopbackModelServer.start().requireHeader("x-api-key", PROVIDER_KEY)
            .otherwise(PromptPartsLiveTest::reply);
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final ChatService service = service();

    @AfterEach
    void stop() {
        provider.close();
    }

    /** The provider's reply, by the system prompt of the call. */
    private static Reply reply(WireRequest request) {
        String body = request.body();
        if (body.contains("Plan how the committee")) {
            return Reply.text(PLAN);
        }
        for (String agent : AGENTS) {
            if (body.contains("You are the " + agent)) {
                return Reply.text(AGENT.formatted(agent));
            }
        }
        return Reply.text(body.contains("You score the outputs") ? SCORES : SYNTHESIS);
    }

    private ChatService service() {
        Map<String, String> variables = GovernedLiveCommitteeTest.variables(PROVIDER_KEY);
        CommitteeModels models = CommitteeModels.live(GovernedLiveCommitteeTest.configJson(provider),
                name -> Optional.ofNullable(variables.get(name)));
        return ChatService.builder().pipeline(models.pipeline(audit, CLOCK)).models(models)
                .principal(Principal.of("client", "internal")).build();
    }

    private ChatExchange ask(String message, List<Map<String, Object>> attachments, String requestId) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("source", "http");
        request.put("mode", "audit");
        request.put("user", Map.of("id", "u-7", "name", "Ines"));
        request.put("context", Map.of());
        request.put("message", message);
        if (!attachments.isEmpty()) {
            request.put("attachments", attachments);
        }
        return service.answer(request, requestId);
    }

    /**
     * Runs {@code cases} generated messages, each checked against the provider calls it caused (exactly six, one per
     * role and purpose) by {@code check}, with the seed in every failure's message.
     */
    private void generated(int cases, java.util.function.Function<Random, String[]> generate,
                           BiConsumer<String[], List<WireRequest>> check) {
        long seed = Long.getLong("keel.test.seed", new Random().nextLong());
        Random random = new Random(seed);
        for (int i = 0; i < cases; i++) {
            String[] generatedCase = generate.apply(random);
            int before = provider.requests().size();
            ChatExchange exchange = ask(generatedCase[0], List.of(), "req-" + i);
            List<WireRequest> calls = provider.requests().subList(before, provider.requests().size());
            String what = "seed " + seed + " (-Dkeel.test.seed=" + seed + "), case " + i + ": "
                    + JsonCodec.strict().write(generatedCase[0]);
            assertThat(calls).as(what).hasSize(6);
            assertThat(exchange.answer().outcome()).as(what).isEqualTo(TurnOutcome.ANSWERED);
            try {
                check.accept(generatedCase, calls);
            } catch (AssertionError e) {
                throw new AssertionError(what + "\n" + e.getMessage(), e);
            }
        }
    }

    private static String lastMessage(WireRequest call) {
        List<ChatMessage> messages = call.chat().orElseThrow().messages();
        return messages.get(messages.size() - 1).text();
    }

    /** The body as sent, and each message as the model reads it (the body's JSON decoded once). */
    private static List<String> received(WireRequest call) {
        List<String> texts = new ArrayList<>();
        texts.add(call.body());
        call.chat().orElseThrow().messages().stream().map(ChatMessage::text).forEach(texts::add);
        return texts;
    }

    private static String random(Random random, String alphabet, int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }

    @Test
    void aCredentialAfterAnEscapedCharacterReachesNoneOfTheSixCalls() {
        generated(12, random -> {
            String tail = switch (random.nextInt(3)) {
                case 0 -> "sk-ant-api03-" + random(random, ALPHANUMERIC, 32);
                case 1 -> "AKIA" + random(random, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16);
                default -> "ghp_" + random(random, ALPHANUMERIC, 36);
            };
            String separator = SEPARATORS.get(random.nextInt(SEPARATORS.size()));
            String message = "How do I rotate the key our deploy job uses?" + separator + tail
                    + (random.nextBoolean() ? "" : separator + "It is in the deploy config.");
            String secret = tail.substring(tail.startsWith("sk-ant-api03-") ? 13 : 4);
            return new String[] {message, secret};
        }, (generatedCase, calls) -> {
            String secret = generatedCase[1];
            for (WireRequest call : calls) {
                for (String text : received(call)) {
                    for (int at = 0; at + 6 <= secret.length(); at++) {
                        assertThat(text).doesNotContain(secret.substring(at, at + 6));
                    }
                    assertThat(text).doesNotContain("sk-ant-", "AKIA", "ghp_");
                }
            }
            assertThat(calls).anyMatch(call -> call.body().contains("[credential withheld]"));
        });
    }

    @Test
    void underPartialAWordAfterAnEscapedCharacterReachesNoneOfTheSixCalls() {
        List<String> words = List.of("forty", "seventy", "May", "third", "Forty", "Seventy", "Third");
        generated(10, random -> {
            String word = words.get(random.nextInt(words.size()));
            // A month is a date after a time word (docs/policy.md): "in", then the break, then "May".
            List<String> separators = word.equals("May") ? BREAKS : SEPARATORS;
            String separator = separators.get(random.nextInt(separators.size()));
            String message = "How did the revenue of the deploy tooling change after the move?"
                    + (word.equals("May") ? " We moved it in" + separator + word + "." : separator + word
                    + " teams moved with it.");
            return new String[] {message, word};
        }, (generatedCase, calls) -> {
            String word = generatedCase[1];
            for (WireRequest call : calls) {
                for (String text : received(call)) {
                    if (word.equals("May")) {
                        assertThat(text).doesNotContain("May");
                    } else {
                        assertThat(text.toLowerCase(Locale.ROOT)).doesNotContain(word.toLowerCase(Locale.ROOT));
                    }
                }
                assertThat(call.body()).contains("Answer in general terms only");
            }
        });
    }

    @Test
    void underPartialNothingTheCallerReadsShowsANumberTheAuditAppendixIncluded() {
        ChatExchange exchange = ask("How did the revenue of the deploy tooling change after the move? Plan the"
                + " next move in steps.", List.of(), "req-partial");

        assertThat(exchange.answer().decision()).isEqualTo(Decision.PARTIAL);
        assertThat(provider.requests()).hasSize(6);
        assertThat(exchange.response().orElseThrow().audit().toString()).as("the committee's own audit, in process")
                .contains("383.29");
        @SuppressWarnings("unchecked")
        Map<String, Object> appendix = (Map<String, Object>) exchange.wire().get("audit");
        assertThat(appendix).containsKeys("estimate", "budget", "confidence");
        assertNoNumber("/audit", appendix);
        Map<String, Object> meta = new LinkedHashMap<>(ReplayedConversationsTest.meta(exchange));
        meta.remove("provenance"); // Keel's own values (routing, the number of calls), kept under every decision
        assertNoNumber("/meta", meta);
        assertNoNumber("/reply", exchange.wire().get("reply"));
        assertThat(JsonCodec.strict().write(exchange.wire())).doesNotContain("383.29", "383", "512");
    }

    /** No number, and no character of Unicode category N in any string or member name, anywhere in {@code value}. */
    private static void assertNoNumber(String pointer, Object value) {
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, item) -> {
                assertThat((String) key).as(pointer + " member name").doesNotContainPattern("\\p{N}");
                assertNoNumber(pointer + "/" + key, item);
            });
        } else if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                assertNoNumber(pointer + "/" + i, list.get(i));
            }
        } else {
            assertThat(value).as(pointer).isNotInstanceOf(Number.class);
            if (value instanceof String text) {
                assertThat(text).as(pointer).doesNotContainPattern("\\p{N}");
            }
        }
    }

    @Test
    void aMarkingOrAnInternalOnlyDomainOnlyInAnAttachmentKeepsTheRequestInTheHouse() {
        String message = "Summarise the attached notes for the deploy team.";
        List<Map<String, Object>> inTheHouse = List.of(
                Map.of("filename", "confidential-rollout-notes.pdf", "url", "https://files.example/notes.pdf"),
                Map.of("filename", "notes.pdf", "url", "https://files.example/incident-report/notes.pdf"),
                Map.of("filename", "notes.pdf", "url", "https://wiki.example/internal-only/notes.pdf",
                        "contentType", "application/pdf"));
        for (Map<String, Object> attachment : inTheHouse) {
            ChatExchange exchange = ask(message, List.of(attachment), "req-" + attachment.hashCode());

            assertThat(provider.requests()).as("%s", attachment).isEmpty();
            assertThat(exchange.answer().calls()).as("%s", attachment).isNotEmpty().allSatisfy(call -> {
                assertThat(call.used()).isEqualTo(CommitteeModels.IN_HOUSE);
                assertThat(call.usedReason()).startsWith("internal_only");
            });
        }

        ChatExchange plain = ask(message, List.of(Map.of("filename", "rollout-notes.pdf",
                "url", "https://files.example/rollout-notes.pdf")), "req-plain");

        assertThat(plain.answer().calls()).allSatisfy(call -> assertThat(call.external()).isTrue());
        assertThat(provider.requests()).hasSize(6).filteredOn(call -> call.body().contains("Plan how the committee"))
                .singleElement().satisfies(call -> assertThat(lastMessage(call))
                        .endsWith("Attachment: rollout-notes.pdf <https://files.example/rollout-notes.pdf>"));
    }
}
