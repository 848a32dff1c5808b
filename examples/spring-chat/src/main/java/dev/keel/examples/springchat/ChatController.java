package dev.keel.examples.springchat;

import dev.keel.core.KeelException;
import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.StreamHandle;
import dev.keel.pipeline.AnswerSink;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.spring.boot.KeelPrincipalMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.task.TaskExecutor;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The plain starter's path: {@code POST /chat} calls the starter's {@link Pipeline} directly.
 * {@code {"message": "...", "session_id": "..."}} ({@link ChatBody}) in, the governed answer out
 * ({@link AnswerEvents#answer}). The caller is the user Spring Security authenticated ({@link ChatSecurity}), its
 * principal and audit subject by the starter's {@link KeelPrincipalMapper} ({@code keel.security.*} in
 * {@code application.yml}). A denial is an answer (HTTP 200, decision {@code DENY}); errors are
 * {@link ChatErrors}'. {@code POST /chat/stream} gives the same answer as server-sent events ({@link AnswerEvents}),
 * and {@code GET /me} says who the caller is. {@link AiChatController} is the same service through Spring AI's
 * {@code ChatClient}. Thread-safe.
 */
@RestController
public final class ChatController {

    private final Pipeline pipeline;
    private final KeelPrincipalMapper users;
    private final TaskExecutor executor;
    private final JsonCodec json = JsonCodec.strict();

    public ChatController(Pipeline pipeline, KeelPrincipalMapper users, TaskExecutor executor) {
        this.pipeline = pipeline;
        this.users = users;
        this.executor = executor;
    }

    /** {@code GET /me}: {@code {"user", "role", "clearance"}}, the role and clearance null without a principal. */
    @GetMapping(path = "/me", produces = MediaType.APPLICATION_JSON_VALUE)
    public String me(Authentication user) {
        Optional<Principal> principal = Optional.ofNullable(users.principal(user));
        Map<String, Object> me = new LinkedHashMap<>();
        me.put("user", user.getName());
        me.put("role", principal.map(Principal::role).orElse(null));
        me.put("clearance", principal.map(Principal::clearance).orElse(null));
        return json.write(me);
    }

    @PostMapping(path = "/chat", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> chat(Authentication user, @RequestBody String body) {
        ChatBody chat = ChatBody.parse(body);
        GovernedAnswer answer = pipeline.call(request(user, chat));
        return ResponseEntity.ok(json.write(AnswerEvents.answer(answer.requestId(), answer.outcome().wireName(),
                answer.decision().wireName(), answer.text(), answer.withheldCounts(),
                answer.provenance().toWire())));
    }

    /**
     * {@code POST /chat/stream}: the same request, the governed answer as server-sent events. The principal is
     * resolved on the request's thread; the call runs on the application's task executor, and a client that goes
     * away cancels it.
     */
    @PostMapping(path = "/chat/stream", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public ResponseEntity<?> stream(Authentication user, @RequestBody String body) {
        ChatBody chat = ChatBody.parse(body);
        GovernedRequest request = request(user, chat);
        StreamHandle handle = StreamHandle.create();
        AnswerEvents events = new AnswerEvents(handle::cancel);
        executor.execute(() -> pipeline.stream(request, new AnswerSink() {
            @Override
            public void chunk(String text) {
                events.chunk(text);
            }

            @Override
            public void complete(GovernedAnswer answer) {
                events.provenance(AnswerEvents.summary(answer.requestId(), answer.outcome().wireName(),
                        answer.decision().wireName(), answer.provenance().reasonCodes().values(),
                        answer.withheldCounts(), answer.provenance().backendUsed()));
            }

            @Override
            public void fail(KeelException failure) {
                events.error(failure.code());
            }
        }, handle));
        return events.response();
    }

    /** The governed request of {@code chat} for {@code user}, read on the request's thread. */
    private GovernedRequest request(Authentication user, ChatBody chat) {
        GovernedRequest.Builder governed = GovernedRequest.builder().principal(users.principal(user))
                .message(chat.message()).sessionId(chat.conversation(user.getName()).orElse(null));
        String subject = users.subject(user);
        if (subject != null) {
            governed.subject(subject);
        }
        return governed.build();
    }
}
