package dev.keel.aiservices;

import dev.keel.aiservices.Ward.ScriptedModel;
import dev.keel.core.Principal;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.evidence.Locator;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.langchain4j.OllamaBackends;
import dev.keel.langchain4j.OpenAiBackends;
import dev.keel.policy.PolicyDocument;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.RequestMatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A ward whose external model is a real provider client (Ollama's or an OpenAI-compatible one) calling a loopback
 * HTTP server, and whose internal model is in process: the governed chat model over both, its audit records, and
 * what reached the server. The server answers the external calls with the scripted answers in turn (the last one
 * repeating), in the protocol of the path it is called on.
 */
final class OverHttp implements AutoCloseable {

    static final PolicyDocument POLICY = Ward.policy();

    final LoopbackModelServer server = LoopbackModelServer.start();
    final InMemoryAuditSink audit = new InMemoryAuditSink();
    final ScriptedModel inside;
    final GovernedChatModel governed;

    /**
     * @param principal the signed-in user
     * @param evidence  texts of the evidence items each answer may use (domain {@code bed_occupancy})
     * @param answers   what the external server answers, in turn
     */
    OverHttp(Principal principal, List<String> evidence, List<String> answers) {
        this(Client.OLLAMA, principal, evidence, answers);
    }

    /** The provider client of the external model. */
    enum Client { OLLAMA, OPENAI }

    OverHttp(Client client, Principal principal, List<String> evidence, List<String> answers) {
        server.on(RequestMatcher.any()).reply(answers.toArray(String[]::new));
        inside = ScriptedModel.answering(answers.toArray(String[]::new));
        List<EvidenceItem> items = new ArrayList<>();
        for (int i = 0; i < evidence.size(); i++) {
            items.add(new EvidenceItem("records", "bed_occupancy", Locator.csv("beds.csv", i + 2), evidence.get(i)));
        }
        governed = GovernedChatModel.builder(GovernedChatModel.pipeline(POLICY)
                .internal("ward", inside)
                .external("cloud", client == Client.OLLAMA
                        ? OllamaBackends.create("cloud", "llama3.1", server.baseUrl(), Duration.ofSeconds(10))
                        : OpenAiBackends.create("cloud", "gpt-4o-mini", server.baseUrl() + "/v1", null,
                                Duration.ofSeconds(10)))
                .evidence(turn -> EvidenceSet.of(items))
                .auditSink(audit)
                .build())
                .principal(() -> principal)
                .build();
    }

    /** The text of every message of every request the external server received. */
    List<String> sentOutside() {
        List<String> texts = new ArrayList<>();
        server.requests().forEach(request -> {
            Object messages = request.json().get("messages");
            for (Object message : (List<?>) messages) {
                texts.add(String.valueOf(((Map<?, ?>) message).get("content")));
            }
        });
        return texts;
    }

    @Override
    public void close() {
        server.close();
    }
}
