package dev.keel.policy;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A marking that makes any request carrying it internal-only, such as a classification banner ({@code TOP SECRET},
 * {@code TS//SCI}), a portion marking ({@code (TS)}) or the name of a confidential matter. A prompt carries a marking
 * when it holds one of its phrases (described in {@code docs/policy.md}, "Sensitivity"). A marking tied to a
 * {@code domain} also requests that domain whenever it is carried, so the decision is taken over the domain the
 * marking belongs to. Immutable and thread-safe.
 *
 * @param id            the marking's name, reported as the rule that made a request internal
 * @param phrases       what to look for; each is a sequence of words
 * @param caseSensitive whether the words must be written in the phrase's case ({@code TS} and not {@code ts})
 * @param domain        the domain a prompt carrying the marking requests, in canonical form; null for a marking
 *                      tied to no domain, which only keeps the request inside
 */
public record Marking(String id, List<String> phrases, boolean caseSensitive, @Nullable String domain) {

    public Marking {
        Objects.requireNonNull(id, "id");
        phrases = List.copyOf(phrases);
    }

    /** A marking tied to no domain. */
    public Marking(String id, List<String> phrases, boolean caseSensitive) {
        this(id, phrases, caseSensitive, null);
    }
}
