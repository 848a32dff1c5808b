package dev.keel.core.evidence;

import dev.keel.core.EvidenceSources;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The evidence one answer uses, each item labelled with its data domain. Its {@link #domains()} are what the
 * governed call re-checks the decision against before the answer is written; its {@link #sources()} go into the
 * provenance. Immutable and thread-safe.
 *
 * @param items the items, in the order they were collected
 */
public record EvidenceSet(List<EvidenceItem> items) {

    private static final EvidenceSet EMPTY = new EvidenceSet(List.of());

    public EvidenceSet {
        items = List.copyOf(items);
    }

    /** No evidence. */
    public static EvidenceSet empty() {
        return EMPTY;
    }

    public static EvidenceSet of(List<EvidenceItem> items) {
        return new EvidenceSet(items);
    }

    /** The data domains of the items, in order of first appearance. */
    public Set<String> domains() {
        Set<String> domains = new LinkedHashSet<>();
        items.forEach(item -> domains.add(item.domain()));
        return domains;
    }

    /** The sources of the items, grouped by kind in order of first appearance. */
    public EvidenceSources sources() {
        EvidenceSources.Builder sources = EvidenceSources.builder();
        items.forEach(item -> sources.add(item.kind(), List.of(item.source())));
        return sources.build();
    }

    /** This set and {@code more}. */
    public EvidenceSet with(List<EvidenceItem> more) {
        List<EvidenceItem> all = new ArrayList<>(items);
        all.addAll(more);
        return new EvidenceSet(all);
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }
}
