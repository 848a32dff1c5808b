package dev.keel.test.core;

import dev.keel.core.ConfigurationException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * The replies scripted for one stand-in model, and which one answers a request: the first rule whose predicate
 * accepts it (its replies in turn, the last one again for every request after), else the next reply in order (each
 * once), else the default reply (a function of the request), else none. Thread-safe: every method is synchronized.
 *
 * @param <T> what a request is, as the rules see it
 */
final class ReplyScript<T> {

    private final List<Rule<T>> rules = new ArrayList<>();
    private final Deque<Reply> inOrder = new ArrayDeque<>();
    private @Nullable Function<T, Reply> otherwise;

    /** One rule: what it accepts, its replies and how many of them were given. */
    private static final class Rule<T> {
        final String description;
        final Predicate<T> predicate;
        final List<Reply> replies;
        int given;

        Rule(String description, Predicate<T> predicate, List<Reply> replies) {
            this.description = description;
            this.predicate = predicate;
            this.replies = List.copyOf(replies);
        }
    }

    synchronized void rule(String description, Predicate<T> predicate, List<Reply> replies) {
        if (replies.isEmpty()) {
            throw new ConfigurationException("a rule needs at least one reply");
        }
        rules.add(new Rule<>(description, predicate, replies));
    }

    synchronized void inOrder(List<Reply> replies) {
        inOrder.addAll(replies);
    }

    synchronized void otherwise(Function<T, Reply> reply) {
        this.otherwise = reply;
    }

    /** The reply for {@code request}; empty when nothing scripted answers it. */
    synchronized Optional<Reply> next(T request) {
        for (Rule<T> rule : rules) {
            if (rule.predicate.test(request)) {
                Reply reply = rule.replies.get(Math.min(rule.given, rule.replies.size() - 1));
                rule.given++;
                return Optional.of(reply);
            }
        }
        Reply reply = inOrder.pollFirst();
        if (reply != null || otherwise == null) {
            return Optional.ofNullable(reply);
        }
        return Optional.of(Objects.requireNonNull(otherwise.apply(request), "a default reply function returned null"));
    }

    /** Forgets every rule, reply and default: nothing is scripted. */
    synchronized void clear() {
        rules.clear();
        inOrder.clear();
        otherwise = null;
    }

    /** Replies scripted in order and not given yet. */
    synchronized int unusedInOrder() {
        return inOrder.size();
    }

    /** What is scripted, for a failure message. */
    synchronized String describe() {
        List<String> described = new ArrayList<>();
        rules.forEach(rule -> described.add(rule.description));
        return "rules " + described + ", " + inOrder.size() + " repl" + (inOrder.size() == 1 ? "y" : "ies")
                + " left in order, " + (otherwise == null ? "no default reply" : "a default reply");
    }
}
