package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.BackendException;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.StreamHandle;
import dev.keel.reading.OutboundFilter;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The governed call streamed ({@link Pipeline#stream}), against the same call not streamed ({@link Pipeline#call})
 * for the same scripted model reply, over generated answers cut into generated chunks.
 */
class StreamedCallTest {

    private static final Principal PLANNER = Principal.of("planner", "secret");
    private static final Principal GUEST = Principal.of("guest", "secret");
    private static final Principal AUDITOR = Principal.of("auditor", "secret");
    private static final String MESSAGE = "Give a summary of the fleet plan";

    private static final String[] WORDS = {"the", "fleet", "plan", "keeps", "capability", "above", "threshold",
        "crew", "summary", "boats", "retire", "transition", "Calendar", "and", "then", "review", "# Heading",
        "- item", "é", "naïve"};
    private static final String[] FIGURES = {"42", "84%", "Q3", "14 March 2025", "forty-two", "twenty", "third",
        "$1.2 million", "week 26", "FY25", "ABC-123", "sk-abcdefghijklmnopqrstu", "AKIAABCDEFGHIJKLMNOP", "half of",
        "3/4", "2025-03-14", "٣", "Ⅻ"};
    /** Markdown and HTML, some of it hiding a figure or a unit id inside a word. */
    private static final String[] MARKUP = {"**steady**", "_carefully_", "`plan`", "[link](https://example.org/p)",
        "fo**rty**", "fo<!-- x -->rty", "fo<b></b>rty", "&#52;2", "S-<i>112</i>", "tw\\o", "se*ven*ty"};
    private static final String[] SEPARATORS = {" ", " ", " ", "\n", ", ", ". ", "\n\n", "  "};

    /** Three backends (one inside, two outside) that all give {@code reply}. */
    private static Pipeline pipeline(Reply reply, InMemoryAuditSink audit, Pipeline.Builder builder) {
        return builder.policy(Fixtures.boundedPolicy()).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", scripted("internal_chatgpt", reply))
                        .external("llama", scripted("llama", reply))
                        .external("deepseek", scripted("deepseek", reply)).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(audit)
                .clock(Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC)).build();
    }

    private static ScriptedBackend scripted(String id, Reply reply) {
        return ScriptedBackend.named(id).otherwise(reply);
    }

    /** An answer of words and figures, and markup when {@code markup} (rarely, so that some streams before it). */
    private static String answer(Random random, boolean markup) {
        StringBuilder text = new StringBuilder();
        int tokens = 40 + random.nextInt(600);
        for (int i = 0; i < tokens; i++) {
            String[] from = markup && random.nextInt(60) == 0 ? MARKUP : random.nextInt(6) == 0 ? FIGURES : WORDS;
            text.append(from[random.nextInt(from.length)]).append(SEPARATORS[random.nextInt(SEPARATORS.length)]);
        }
        return text.toString();
    }

    /** {@code text} cut at random places into chunks of 1 to 80 characters. */
    private static String[] chunked(Random random, String text) {
        List<String> chunks = new ArrayList<>();
        int at = 0;
        while (at < text.length()) {
            int end = Math.min(text.length(), at + 1 + random.nextInt(random.nextBoolean() ? 8 : 80));
            chunks.add(text.substring(at, end));
            at = end;
        }
        return chunks.toArray(String[]::new);
    }

    private static GovernedRequest request(Principal principal, String requestId) {
        return GovernedRequest.builder().principal(principal).message(MESSAGE).requestId(requestId).build();
    }

    @Test
    void theStreamedTextJoinedIsTheCallsTextAndTheAnswerProvenanceAndAuditAreTheCalls() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        Principal[] principals = {PLANNER, GUEST, AUDITOR};
        for (int run = 0; run < 60; run++) {
            String text = answer(random, random.nextBoolean());
            String[] chunks = chunked(random, text);
            Principal principal = principals[random.nextInt(principals.length)];
            String requestId = "case-" + run;
            String why = "seed " + seed + ", case " + run + " (" + principal.role() + ", " + chunks.length
                    + " chunks)";

            InMemoryAuditSink calledAudit = new InMemoryAuditSink();
            GovernedAnswer called = pipeline(Reply.text(text), calledAudit, Pipeline.builder())
                    .call(request(principal, requestId));
            InMemoryAuditSink streamedAudit = new InMemoryAuditSink();
            RecordingSink sink = new RecordingSink();
            pipeline(Reply.chunks(chunks), streamedAudit, Pipeline.builder())
                    .stream(request(principal, requestId), sink, StreamHandle.create());

            GovernedAnswer streamed = sink.answer();
            assertThat(streamed).as(why).isNotNull();
            assertThat(sink.endings()).as(why).isEqualTo(1);
            assertThat(sink.joined()).as(why).isEqualTo(called.text()).isEqualTo(streamed.text());
            assertThat(streamed.withheld()).as(why).isEqualTo(called.withheld());
            assertThat(streamed.provenance().toWire()).as(why).isEqualTo(called.provenance().toWire());
            assertThat(streamed.labels()).as(why).isEqualTo(called.labels());
            assertThat(streamed.answerMessage()).as(why).isEqualTo(called.answerMessage());
            assertThat(streamedAudit.records()).as(why).hasSize(1);
            assertThat(streamedAudit.records().get(0).payload()).as(why)
                    .isEqualTo(calledAudit.records().get(0).payload());
            if (streamed.decision() == Decision.PARTIAL) {
                for (String chunk : sink.chunks()) {
                    assertThat(chunk.codePoints().noneMatch(Character::isDigit)).as(why + ": " + chunk).isTrue();
                }
            }
        }
    }

    @Test
    void aLongAnswerReachesTheCallerInSeveralChunksBeforeTheModelEnds() {
        String text = "The fleet keeps its capability above the threshold. ".repeat(200);
        RecordingSink sink = new RecordingSink();
        pipeline(Reply.chunks(chunked(new Random(7), text)), new InMemoryAuditSink(), Pipeline.builder())
                .stream(request(GUEST, "long"), sink);

        assertThat(sink.chunks()).hasSizeGreaterThan(5);
        assertThat(sink.joined()).isEqualTo(text);
    }

    @Test
    void aFigureMarkupHidesInAWordIsWithheldAsTheCallWithholdsItAndWhatCameBeforeStreamed() {
        String plain = "The fleet keeps its capability above the threshold. ".repeat(60);
        String text = plain + "It keeps fo**rty** boats, fo<!-- x -->rty crews and S-<i>112</i>. " + plain;
        RecordingSink sink = new RecordingSink();
        pipeline(Reply.chunks(chunked(new Random(17), text)), new InMemoryAuditSink(), Pipeline.builder())
                .stream(request(GUEST, "markup"), sink);
        GovernedAnswer called = pipeline(Reply.text(text), new InMemoryAuditSink(), Pipeline.builder())
                .call(request(GUEST, "markup"));

        assertThat(sink.joined()).isEqualTo(called.text()).doesNotContain("rty").doesNotContain("112");
        assertThat(sink.chunks()).hasSizeGreaterThan(2);
        assertThat(sink.chunks().get(0)).startsWith("The fleet keeps");
    }

    @Test
    void aDenialStreamsTheGovernedTextAsOneChunkAndCallsNoModel() {
        ScriptedBackend model = ScriptedBackend.named("internal_chatgpt").otherwise(Reply.text("Never asked."));
        InMemoryAuditSink audit = new InMemoryAuditSink();
        RecordingSink sink = new RecordingSink();
        Pipeline.builder().policy(Fixtures.boundedPolicy()).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", model).external("llama", model)
                        .external("deepseek", model).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).build()
                .stream(GovernedRequest.builder().principal(Principal.of("contractor", "secret"))
                        .message("Show the budget of week 12").requestId("denied").build(), sink);

        assertThat(model.requests()).isEmpty();
        GovernedAnswer answer = sink.answer();
        assertThat(answer).isNotNull();
        assertThat(answer.outcome()).isEqualTo(TurnOutcome.DENIED);
        assertThat(sink.chunks()).containsExactly(answer.text());
        assertThat(audit.records()).singleElement().extracting(r -> r.payload().get("outcome")).isEqualTo("denied");
    }

    @Test
    void anAnswerAnEnforcementStepMustSeeWholeReachesTheCallerAsOneChunk() {
        String text = "The fleet keeps 42 boats above the threshold. ".repeat(40);
        RecordingSink sink = new RecordingSink();
        pipeline(Reply.chunks(chunked(new Random(3), text)), new InMemoryAuditSink(),
                Pipeline.builder().enforcement((turn, composed) -> Enforcement.pass()))
                .stream(request(GUEST, "enforced"), sink);

        GovernedAnswer answer = sink.answer();
        assertThat(answer).isNotNull();
        assertThat(sink.chunks()).containsExactly(answer.text());
        assertThat(answer.text()).doesNotContain("42").contains("[figure withheld]");
    }

    @Test
    void aBackendBreakingBeforeItsFirstChunkIsPassedByForTheFallbackUnseen() {
        String text = "The internal model answers with 42 boats. ".repeat(30);
        InMemoryAuditSink audit = new InMemoryAuditSink();
        Reply broken = Reply.chunks(chunked(new Random(5), "The outside model answers. ".repeat(30)))
                .breakingAfter(0);
        RecordingSink sink = new RecordingSink();
        Pipeline.builder().policy(Fixtures.boundedPolicy()).routing(Fixtures.routingTable())
                .backends(Backends.builder()
                        .internal("internal_chatgpt", scripted("internal_chatgpt",
                                Reply.chunks(chunked(new Random(6), text))))
                        .external("llama", scripted("llama", broken))
                        .external("deepseek", scripted("deepseek", broken)).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).build()
                .stream(GovernedRequest.builder().principal(PLANNER)
                        .message(Fixtures.externallyRouted(PLANNER, MESSAGE + " ")).requestId("fallback").build(),
                        sink);

        GovernedAnswer answer = sink.answer();
        assertThat(answer).isNotNull();
        assertThat(sink.joined()).isEqualTo(text).isEqualTo(answer.text());
        assertThat(answer.provenance().backendUsed()).isEqualTo("internal_chatgpt");
        assertThat(answer.provenance().backendUsedReason()).contains("backend_retriable");
        assertThat(answer.calls()).hasSize(2);
        assertThat(audit.records()).singleElement().extracting(r -> r.payload().get("outcome")).isEqualTo("answered");
    }

    @Test
    void aBackendBreakingAfterChunksEndsInAGovernedFailureWithAnAuditRecordAndNoFallback() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int run = 0; run < 20; run++) {
            String why = "seed " + seed + ", case " + run;
            String text = answer(random, false);
            String[] chunks = chunked(random, text);
            int breakAfter = 1 + random.nextInt(chunks.length);
            Reply broken = Reply.chunks(chunks).breakingAfter(breakAfter);
            ScriptedBackend fallback = scripted("internal_chatgpt", Reply.text("The fallback answers."));
            InMemoryAuditSink audit = new InMemoryAuditSink();
            RecordingSink sink = new RecordingSink();
            Pipeline.builder().policy(Fixtures.boundedPolicy()).routing(Fixtures.routingTable())
                    .backends(Backends.builder().internal("internal_chatgpt", fallback)
                            .external("llama", scripted("llama", broken))
                            .external("deepseek", scripted("deepseek", broken)).build())
                    .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).build()
                    .stream(GovernedRequest.builder().principal(GUEST)
                            .message(Fixtures.externallyRouted(GUEST, MESSAGE + " ")).requestId("broken").build(),
                            sink);

            assertThat(sink.answer()).as(why).isNull();
            assertThat(sink.failure()).as(why).isInstanceOf(BackendException.class);
            assertThat(sink.endings()).as(why).isEqualTo(1);
            assertThat(fallback.requests()).as(why).isEmpty();
            // What reached the caller is the start of what the whole answer would have shown.
            assertThat(OutboundFilter.create(Fixtures.boundedPolicy()).apply(Decision.PARTIAL, text).text())
                    .as(why).startsWith(sink.joined());
            sink.chunks().forEach(chunk -> assertThat(chunk.codePoints().noneMatch(Character::isDigit))
                    .as(why + ": " + chunk).isTrue());
            AuditRecord record = audit.records().get(0);
            assertThat(audit.records()).as(why).hasSize(1);
            assertThat(record.payload()).as(why).containsEntry("outcome", "failed")
                    .containsEntry("failure", "backend_retriable").containsEntry("decision", "PARTIAL");
            assertThat((List<?>) record.payload().get("calls")).as(why).hasSize(1);
        }
    }

    @Test
    void cancellingAfterSomeChunksEndsTheCallAuditedAsCancelledAndTheSinkHearsNothingMore() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int run = 0; run < 20; run++) {
            String why = "seed " + seed + ", case " + run;
            String text = "The fleet keeps its capability above the threshold. ".repeat(100 + random.nextInt(200));
            int cancelAfter = 1 + random.nextInt(4);
            StreamHandle handle = StreamHandle.create();
            RecordingSink sink = new RecordingSink(heard -> {
                if (heard.chunks().size() == cancelAfter) {
                    handle.cancel();
                }
            });
            ScriptedBackend model = scripted("internal_chatgpt", Reply.chunks(chunked(random, text)));
            InMemoryAuditSink audit = new InMemoryAuditSink();
            Pipeline.builder().policy(Fixtures.boundedPolicy()).routing(Fixtures.routingTable())
                    .backends(Backends.builder().internal("internal_chatgpt", model).external("llama", model)
                            .external("deepseek", model).build())
                    .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).build()
                    .stream(request(GUEST, "cancelled"), sink, handle);

            assertThat(sink.chunks()).as(why).hasSize(cancelAfter);
            assertThat(sink.endings()).as(why).isZero();
            assertThat(audit.records()).as(why).hasSize(1);
            Map<String, Object> payload = audit.records().get(0).payload();
            assertThat(payload).as(why).containsEntry("outcome", "cancelled").containsEntry("failure", "cancelled");
            assertThat(payload.get("calls").toString()).as(why).contains("cancelled by the caller");
        }
    }

    @Test
    void cancellingFromAnotherThreadStopsTheSinkOnceCancelHasReturned() throws Exception {
        String text = "The fleet keeps its capability above the threshold. ".repeat(400);
        ScriptedBackend model = scripted("internal_chatgpt",
                Reply.chunks(chunked(new Random(11), text)).every(Duration.ofMillis(1)));
        InMemoryAuditSink audit = new InMemoryAuditSink();
        CountDownLatch heard = new CountDownLatch(2);
        RecordingSink sink = new RecordingSink(recorded -> heard.countDown());
        StreamHandle handle = StreamHandle.create();
        Pipeline pipeline = Pipeline.builder().policy(Fixtures.boundedPolicy()).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", model).external("llama", model)
                        .external("deepseek", model).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).build();
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            CompletableFuture<Void> call = CompletableFuture.runAsync(
                    () -> pipeline.stream(request(PLANNER, "cancelled-elsewhere"), sink, handle), executor);
            assertThat(heard.await(60, TimeUnit.SECONDS)).isTrue();
            handle.cancel();
            int callsAtCancel = sink.calls();
            call.get(60, TimeUnit.SECONDS);

            assertThat(sink.calls()).isEqualTo(callsAtCancel);
            assertThat(sink.endings()).isZero();
            assertThat(audit.records()).singleElement().extracting(r -> r.payload().get("outcome"))
                    .isEqualTo("cancelled");
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void aPublisherGivesTheChunksThenTheAnswerAsDemandAllows() throws Exception {
        String text = "The fleet keeps 42 boats above the threshold. ".repeat(120);
        Pipeline pipeline = pipeline(Reply.chunks(chunked(new Random(13), text)), new InMemoryAuditSink(),
                Pipeline.builder());
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            List<AnswerEvent> events = new ArrayList<>();
            CompletableFuture<Void> done = new CompletableFuture<>();
            pipeline.publisher(request(GUEST, "published"), executor).subscribe(new Flow.Subscriber<>() {
                private Flow.Subscription subscription;

                @Override
                public void onSubscribe(Flow.Subscription subscription) {
                    this.subscription = subscription;
                    subscription.request(1);
                }

                @Override
                public void onNext(AnswerEvent item) {
                    synchronized (events) {
                        events.add(item);
                    }
                    subscription.request(1);
                }

                @Override
                public void onError(Throwable throwable) {
                    done.completeExceptionally(throwable);
                }

                @Override
                public void onComplete() {
                    done.complete(null);
                }
            });
            done.get(60, TimeUnit.SECONDS);

            synchronized (events) {
                assertThat(events.get(events.size() - 1)).isInstanceOf(AnswerEvent.Completed.class);
                GovernedAnswer answer = ((AnswerEvent.Completed) events.get(events.size() - 1)).answer();
                StringBuilder joined = new StringBuilder();
                events.subList(0, events.size() - 1).forEach(e -> joined.append(((AnswerEvent.Chunk) e).text()));
                assertThat(events.size()).isGreaterThan(3);
                assertThat(joined.toString()).isEqualTo(answer.text()).doesNotContain("42");
            }
        } finally {
            executor.shutdownNow();
        }
    }
}
