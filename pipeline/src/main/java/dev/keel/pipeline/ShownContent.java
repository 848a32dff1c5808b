package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.Provenance;
import dev.keel.core.content.Part;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.Redaction;
import dev.keel.reading.OutboundFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the user may see of an answer's parts under one decision (never DENY: a denial is shown as under PARTIAL):
 * every leaf passed through the outbound filter as a part ({@link OutboundFilter#apply(Decision, PartialKinds, Part)}), the text
 * as Markdown, free values as JSON. Why another backend answered, and a failed call's detail, are Keel's own words
 * (a failure's code and HTTP status, a guard's rule; a provider's text never goes there), so they are shown as made. Used once, where a
 * {@link dev.keel.pipeline.GovernedAnswer} is built. Immutable and thread-safe.
 */
final class ShownContent {

    private final OutboundFilter filter;
    private final Decision decision;
    private final PartialKinds kinds;

    /** Content shown through {@code filter} under {@code decision}, a PARTIAL withholding {@code kinds}. */
    public ShownContent(OutboundFilter filter, Decision decision, PartialKinds kinds) {
        this.filter = filter;
        this.decision = decision;
        this.kinds = kinds;
    }

    /** A text as shown, and what was withheld from it (kind and place). */
    public record Text(String text, List<Withheld> withheld) {
    }

    /** {@code text} (a model's answer: Markdown) as the user may read it. */
    public Text text(String text) {
        FilteredPart filtered = filter.apply(decision, kinds, Part.markdown(text));
        List<Withheld> withheld = new ArrayList<>();
        for (Redaction redaction : filtered.redactions()) {
            withheld.add(new Withheld(redaction.kind(), redaction.start(), redaction.end(), redaction.replacement()));
        }
        return new Text(kept(filtered).rendered(), withheld);
    }

    /** {@code value} (a plain JSON value) as the user may see it: strings and keys scanned, figures per decision. */
    public @Nullable Object value(@Nullable Object value) {
        return ((Part.Json) kept(filter.apply(decision, kinds, Part.json(value)))).value();
    }

    /**
     * {@code provenance} with its free values shown: the reason another backend answered, and every extension but
     * {@code keelMade} (the pipeline's own values).
     */
    public Provenance provenance(Provenance provenance, Set<String> keelMade) {
        Provenance.Builder shown = Provenance.builder().requestId(provenance.requestId())
                .principal(provenance.principal()).decision(provenance.decision()).domains(provenance.domains())
                .evidenceSources(provenance.evidenceSources()).backendTarget(provenance.backendTarget())
                .backendUsed(provenance.backendUsed()).backendUsedReason(provenance.backendUsedReason())
                .reasonCodes(provenance.reasonCodes());
        provenance.extensions().forEach((name, value) -> shown.extension(name,
                keelMade.contains(name) ? value : value(value)));
        return shown.build();
    }

    private static Part kept(FilteredPart filtered) {
        return filtered.kept().orElseThrow(() -> new IllegalStateException("content is shown under "
                + filtered.decision().wireName() + ", never withheld whole"));
    }
}
