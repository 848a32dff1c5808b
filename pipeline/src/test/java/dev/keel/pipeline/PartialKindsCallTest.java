package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.StreamHandle;
import dev.keel.policy.PartialSetting;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.RolePolicy;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a PARTIAL answer withholds is the policy's for the principal's role and the turn's domains, in every place the
 * pipeline filters: the answer of {@code call}, the streamed answer, and the prompt sent to an external backend.
 */
class PartialKindsCallTest {

    private static final Principal GUEST = Principal.of("guest", "secret");
    private static final String ANSWER = "Berth B52 takes 12 boats in week 31.";

    /** The fixture's policy, its guest keeping identifiers (or not) under PARTIAL. */
    private static PolicyDocument policy(boolean guestKeepsIdentifiers) {
        PolicyDocument.Builder builder = Fixtures.policyBuilder();
        if (guestKeepsIdentifiers) {
            builder.role("guest", new RolePolicy(List.of("unclassified", "secret"), List.of("summaries"),
                    Decision.PARTIAL, List.of("crew_records")).withPartial(new PartialSetting(List.of(),
                    List.of("identifiers"))));
        }
        return builder.build();
    }

    private static Pipeline pipeline(PolicyDocument policy, ScriptedBackend external) {
        return Pipeline.builder().policy(policy).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", external)
                        .external("llama", external).external("deepseek", external).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(new InMemoryAuditSink()).build();
    }

    private static GovernedRequest request(String message) {
        return GovernedRequest.builder().principal(GUEST).message(message).build();
    }

    @Test
    void aRoleThatKeepsIdentifiersSeesThemInTheAnswerCalledAndStreamedAndEveryOtherFigureIsWithheld() {
        ScriptedBackend model = ScriptedBackend.named("model").otherwise(Reply.chunks("Berth B", "52 takes 1",
                "2 boats in week 3", "1."));
        GovernedAnswer called = pipeline(policy(true), model).call(request("Give a summary of berth use"));
        RecordingSink sink = new RecordingSink();
        pipeline(policy(true), model).stream(request("Give a summary of berth use"), sink, StreamHandle.create());

        assertThat(called.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(called.text()).isEqualTo("Berth B52 takes [figure withheld] boats in [week withheld].");
        assertThat(sink.joined()).isEqualTo(called.text());
    }

    @Test
    void aStreamedAnswerWithMarkupIsShownWithTheRolesKindsAsTheCalledOne() {
        ScriptedBackend model = ScriptedBackend.named("model").otherwise(Reply.chunks("Berth **B", "52** takes 1",
                "2 boats in _week_ 3", "1."));
        GovernedAnswer called = pipeline(policy(true), model).call(request("Give a summary of berth use"));
        RecordingSink sink = new RecordingSink();
        pipeline(policy(true), model).stream(request("Give a summary of berth use"), sink, StreamHandle.create());

        assertThat(called.text()).startsWith("Berth **B52** takes [figure withheld] boats in ")
                .doesNotContain("31");
        assertThat(sink.joined()).isEqualTo(called.text());
        assertThat(sink.answer()).isNotNull();
        assertThat(sink.answer().withheld()).isEqualTo(called.withheld());
    }

    @Test
    void withoutASettingPartialWithholdsIdentifiersAsBefore() {
        ScriptedBackend model = ScriptedBackend.named("model").otherwise(Reply.text(ANSWER));
        GovernedAnswer called = pipeline(policy(false), model).call(request("Give a summary of berth use"));

        assertThat(called.text()).isEqualTo("Berth [figure withheld] takes [figure withheld] boats in [week withheld].");
    }

    @Test
    void thePromptToAnExternalBackendKeepsWhatTheRoleMaySeeAndNothingMore() {
        ScriptedBackend model = ScriptedBackend.named("model").otherwise(Reply.text("Noted."));
        String message = Fixtures.externallyRouted(GUEST, "Give a summary of berth B52 with its 12 boats ");
        pipeline(policy(true), model).call(request(message));

        ChatRequest sent = model.requests().get(model.requests().size() - 1);
        String prompt = sent.messages().get(sent.messages().size() - 1).text();
        assertThat(prompt).contains("berth B52").doesNotContain("12");
    }
}
