package dev.keel.policy;

import java.util.List;

/**
 * What one role or one domain of a policy says of {@code PARTIAL} ({@code partial}: {@code withhold} and
 * {@code keep}): the kinds it withholds beyond {@link PartialKinds#defaults()}, and the default kinds it keeps. A
 * policy holds only valid settings: canonical names, no kind both withheld and kept. Immutable and thread-safe.
 *
 * @param withhold kinds withheld besides the defaults (a host's kind, {@code credentials})
 * @param keep     default kinds shown ({@code identifiers}, {@code dates})
 */
public record PartialSetting(List<String> withhold, List<String> keep) {

    private static final PartialSetting NONE = new PartialSetting(List.of(), List.of());

    public PartialSetting {
        withhold = List.copyOf(withhold);
        keep = List.copyOf(keep);
    }

    /** A setting that says nothing. */
    public static PartialSetting none() {
        return NONE;
    }

    /** Whether the setting says nothing. */
    public boolean isEmpty() {
        return withhold.isEmpty() && keep.isEmpty();
    }

    /** What PARTIAL withholds under this setting alone: the defaults, plus what it withholds, less what it keeps. */
    public PartialKinds kinds() {
        return PartialKinds.defaults().with(withhold, keep);
    }
}
