package dev.keel.test.core;

import dev.keel.core.spi.ChatRequest;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The replies for the requests one matcher accepts, as in {@code backend.on(RequestMatcher.purpose("triage"))
 * .reply("...")}: matching requests get the replies in turn, and the last one again for every request after.
 * Not thread-safe; the stand-in it scripts is.
 *
 * @param <O> the stand-in being scripted, returned to go on scripting it
 */
public final class Stubbing<O> {

    private final O owner;
    private final Consumer<List<Reply>> rule;

    Stubbing(O owner, Consumer<List<Reply>> rule) {
        this.owner = owner;
        this.rule = rule;
    }

    /** Matching requests are answered with these texts in turn. */
    public O reply(String... texts) {
        return reply(Arrays.stream(texts).map(Reply::text).toArray(Reply[]::new));
    }

    /** Matching requests get these replies in turn. */
    public O reply(Reply... replies) {
        rule.accept(List.of(replies));
        return owner;
    }

    /** Matching requests are answered with what {@code text} makes of each. */
    public O answer(Function<ChatRequest, String> text) {
        return reply(Reply.from(Objects.requireNonNull(text, "text")));
    }
}
