package dev.keel.policy;

import java.util.List;
import java.util.Objects;

/**
 * A marking that makes any request carrying it internal-only, such as a classification banner ({@code TOP SECRET},
 * {@code TS//SCI}) or a portion marking ({@code (TS)}). A prompt carries a marking when it holds one of its phrases
 * (described in {@code docs/policy.md}, "Sensitivity"). Immutable and thread-safe.
 *
 * @param id            the marking's name, reported as the rule that made a request internal
 * @param phrases       what to look for; each is a sequence of words
 * @param caseSensitive whether the words must be written in the phrase's case ({@code TS} and not {@code ts})
 */
public record Marking(String id, List<String> phrases, boolean caseSensitive) {

    public Marking {
        Objects.requireNonNull(id, "id");
        phrases = List.copyOf(phrases);
    }
}
