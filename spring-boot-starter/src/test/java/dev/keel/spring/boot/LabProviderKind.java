package dev.keel.spring.boot;

import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import dev.keel.models.Environment;
import dev.keel.models.config.ProviderKind;
import dev.keel.models.config.ProviderSettings;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A provider a host adds: kind {@code lab}, registered by one line in
 * {@code META-INF/services/dev.keel.models.config.ProviderKind} and nowhere else. Its backend runs in the
 * process: the first call of each backend fails as a busy server would (so the configured retries show), later calls
 * answer with the model and base URL they were built with and whether the API key came through. It keeps the
 * settings it was given, for the tests to read. Thread-safe.
 */
public final class LabProviderKind implements ProviderKind {

    /** Every backend built, by id, with the settings it was built from. */
    static final Map<String, ProviderSettings> BUILT = new ConcurrentHashMap<>();

    /** Every call made, by backend id. */
    static final List<String> CALLS = new CopyOnWriteArrayList<>();

    /** The API key the lab server accepts. */
    static final String KEY = "lab-key-7f3a";

    @Override
    public String name() {
        return "lab";
    }

    @Override
    public boolean requiresApiKey() {
        return true;
    }

    @Override
    public String baseUrl(String configured, Environment environment) {
        return configured != null ? configured : "http://127.0.0.1:7311/lab";
    }

    @Override
    public LlmBackend create(ProviderSettings settings) {
        BUILT.put(settings.id(), settings);
        AtomicInteger calls = new AtomicInteger();
        return new LlmBackend() {
            @Override
            public ChatReply chat(dev.keel.core.spi.ChatRequest request) {
                CALLS.add(settings.id());
                if (calls.getAndIncrement() == 0) {
                    throw new RetriableBackendException(settings.id(), "backend '" + settings.id() + "' HTTP 503",
                            503, null, null);
                }
                List<ChatMessage> messages = request.messages();
                return ChatReply.builder().backendId(settings.id()).model(settings.model())
                        .text("lab " + settings.model() + " at " + settings.baseUrl() + " (key "
                                + (KEY.equals(settings.apiKey()) ? "accepted" : "refused") + "): "
                                + messages.get(messages.size() - 1).text())
                        .usage(new TokenUsage(3, 4)).build();
            }

            @Override
            public String id() {
                return settings.id();
            }
        };
    }
}
