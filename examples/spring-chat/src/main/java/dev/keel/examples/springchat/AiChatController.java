package dev.keel.examples.springchat;

import dev.keel.core.KeelException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.spring.ai.KeelAdvisor;
import dev.keel.pipeline.KeelDeniedException;
import dev.keel.store.jdbc.JdbcAuditSink;
import dev.keel.store.jdbc.JdbcStores;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.Disposable;
import reactor.core.Disposables;

/**
 * The Spring AI path: {@code POST /ai/chat} and {@code POST /ai/chat/stream} take the same body as
 * {@link ChatController}'s and give the same answer and the same events, through Spring AI's {@link ChatClient} with
 * Keel's advisors and a chat memory ({@link SpringAiChat}). The conversation is the body's {@code session_id} under the
 * user's name (a fresh one without it), so the memory of one user's conversation is never another's. Who asks is read
 * by the starter's advisor where the ChatClient's chain starts, on the request's thread: the controller names no
 * principal. The answer's decision, reason codes and backend come from the provenance Keel's advisor puts in the
 * response; its outcome and what was withheld from the call's audit record in the same store. A denial is an answer
 * (HTTP 200, decision {@code DENY}), from {@link KeelDeniedException}. Thread-safe.
 */
@RestController
public final class AiChatController {

    private final ChatClient chat;
    private final JdbcAuditSink audit;
    private final JsonCodec json = JsonCodec.strict();

    public AiChatController(ChatClient governedChatClient, JdbcStores stores) {
        this.chat = governedChatClient;
        this.audit = stores.auditSink();
    }

    @PostMapping(path = "/ai/chat", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> chat(Authentication user, @RequestBody String body) {
        ChatBody request = ChatBody.parse(body);
        String requestId;
        String text;
        Map<String, Object> provenance;
        try {
            ChatResponse response = prompt(user, request).call().chatResponse();
            requestId = response.getMetadata().getId();
            text = response.getResult().getOutput().getText();
            provenance = provenance(response);
        } catch (KeelDeniedException denied) {
            requestId = denied.requestId();
            text = denied.text();
            provenance = denied.provenance();
        }
        AuditRecord record = audited(requestId);
        return ResponseEntity.ok(json.write(AnswerEvents.answer(requestId, outcome(record),
                (String) provenance.get("decision"), text, withheld(record), provenance)));
    }

    /**
     * {@code POST /ai/chat/stream}: the ChatClient's stream as server-sent events. It is subscribed here, on the
     * request's thread, where the starter's caller advisor reads the signed-in user; a client that goes away disposes
     * the subscription, which cancels the governed call.
     */
    @PostMapping(path = "/ai/chat/stream", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public ResponseEntity<?> stream(Authentication user, @RequestBody String body) {
        ChatBody request = ChatBody.parse(body);
        Disposable.Swap subscription = Disposables.swap();
        AnswerEvents events = new AnswerEvents(subscription::dispose);
        AtomicReference<ChatResponse> last = new AtomicReference<>();
        subscription.update(prompt(user, request).stream().chatResponse().subscribe(response -> {
            String text = response.getResult() == null ? null : response.getResult().getOutput().getText();
            if (text != null && !text.isEmpty()) {
                events.chunk(text);
            }
            if (response.getMetadata().containsKey(KeelAdvisor.PROVENANCE)) {
                last.set(response);
            }
        }, failure -> {
            if (failure instanceof KeelDeniedException denied) {
                events.chunk(denied.text());
                events.provenance(summary(denied.requestId(), denied.provenance()));
            } else {
                events.error(failure instanceof KeelException keel ? keel.code() : "answer_failed");
            }
        }, () -> {
            ChatResponse end = last.get();
            if (end == null) {
                events.error("answer_failed");
            } else {
                events.provenance(summary(end.getMetadata().getId(), provenance(end)));
            }
        }));
        return events.response();
    }

    private ChatClient.ChatClientRequestSpec prompt(Authentication user, ChatBody request) {
        String conversation = request.conversation(user.getName())
                .orElseGet(() -> user.getName() + "/" + UUID.randomUUID());
        return chat.prompt().user(request.message())
                .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, conversation));
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> summary(String requestId, Map<String, Object> provenance) {
        AuditRecord record = audited(requestId);
        Object codes = provenance.get("reason_codes");
        return AnswerEvents.summary(requestId, outcome(record), (String) provenance.get("decision"),
                codes instanceof List<?> list ? (List<String>) list : List.of(), withheld(record),
                (String) provenance.get("backend_used"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> provenance(ChatResponse response) {
        return (Map<String, Object>) response.getMetadata().get(KeelAdvisor.PROVENANCE);
    }

    /** The call's audit record: the governed call writes it before it answers. */
    private AuditRecord audited(String requestId) {
        return audit.find(requestId).orElseThrow(() -> new IllegalStateException("no audit record for request "
                + requestId));
    }

    private static String outcome(AuditRecord record) {
        return (String) record.payload().get("outcome");
    }

    private static Map<String, Integer> withheld(AuditRecord record) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        if (record.payload().get("withheld") instanceof Map<?, ?> withheld) {
            withheld.forEach((kind, count) -> counts.put((String) kind, ((Number) count).intValue()));
        }
        return counts;
    }
}
