package dev.keel.core.content;

import dev.keel.core.Decision;
import java.util.Collection;
import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * What is known of a piece of content: the data domains it touches, whether it must stay in the house, and the
 * decision it was produced or read under ({@code null} while it has not been assessed).
 *
 * <p>Labels only ever grow more restrictive as content travels: {@link #join} keeps every domain, stays internal
 * only once either side is, and keeps the lower decision. Content labelled internal only never goes to an external
 * backend; content labelled {@link Decision#DENY} is not shown or replayed (see {@code docs/governed-call.md}).
 *
 * @param domains      the data domains the content touches, sorted
 * @param internalOnly whether the content must never reach a backend outside the house
 * @param decision     the decision the content was produced or read under; null when not yet assessed
 */
public record Labels(Set<String> domains, boolean internalOnly, @Nullable Decision decision) {

    /** Content nobody has assessed yet: no domain known, not internal only, no decision. */
    public static final Labels NONE = new Labels(Set.of(), false, null);

    public Labels {
        domains = Collections.unmodifiableSet(new TreeSet<>(Objects.requireNonNull(domains, "domains")));
    }

    /** Labels of content assessed under {@code decision}. */
    public static Labels of(Set<String> domains, boolean internalOnly, Decision decision) {
        return new Labels(domains, internalOnly, Objects.requireNonNull(decision, "decision"));
    }

    /** The labels of content made of both: every domain, internal only when either is, the lower decision. */
    public Labels join(Labels other) {
        if (other.equals(NONE) || other.equals(this)) {
            return this;
        }
        if (equals(NONE)) {
            return other;
        }
        Set<String> union = new TreeSet<>(domains);
        union.addAll(other.domains);
        Decision lower = decision == null ? other.decision
                : other.decision == null ? decision : decision.mostRestrictive(other.decision);
        return new Labels(union, internalOnly || other.internalOnly, lower);
    }

    /** The labels of content made of all of {@code labels} ({@link #NONE} when there are none). */
    public static Labels joinAll(Collection<Labels> labels) {
        Labels joined = NONE;
        for (Labels each : labels) {
            joined = joined.join(each);
        }
        return joined;
    }

    /** The decision the content was produced or read under, if it has been assessed. */
    public Optional<Decision> assessed() {
        return Optional.ofNullable(decision);
    }

    /** True when the content was denied: it is neither shown nor replayed. */
    public boolean denied() {
        return decision == Decision.DENY;
    }

    /** True when the content may be sent to a backend outside the house: not internal only and not denied. */
    public boolean mayLeave() {
        return !internalOnly && !denied();
    }

    /** These labels, internal only. */
    public Labels asInternalOnly() {
        return internalOnly ? this : new Labels(domains, true, decision);
    }
}
