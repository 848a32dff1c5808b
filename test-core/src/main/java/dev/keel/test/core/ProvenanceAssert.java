package dev.keel.test.core;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;
import org.jspecify.annotations.Nullable;

/**
 * Assertions on a {@link Provenance}: who, what was decided over which domains, where the evidence came from, which
 * backend was chosen and which answered, the reason codes and the extensions. Obtained from
 * {@link CoreAssertions#assertThat(Provenance)}.
 */
public final class ProvenanceAssert extends AbstractAssert<ProvenanceAssert, Provenance> {

    ProvenanceAssert(Provenance provenance) {
        super(provenance, ProvenanceAssert.class);
    }

    public ProvenanceAssert hasRequestId(String requestId) {
        return field("request_id", actual == null ? null : actual.requestId(), requestId);
    }

    public ProvenanceAssert hasPrincipal(String role, String clearance) {
        return field("principal", actual == null ? null : actual.principal(), Principal.of(role, clearance));
    }

    public ProvenanceAssert hasDecision(Decision decision) {
        return field("decision", actual == null ? null : actual.decision(), decision);
    }

    /** The domains, exactly and in order. */
    public ProvenanceAssert hasDomains(String... domains) {
        return field("domains", actual == null ? null : actual.domains(), List.of(domains));
    }

    /** The evidence of {@code kind} came from at least {@code sources}. */
    public ProvenanceAssert hasEvidenceSources(String kind, String... sources) {
        isNotNull();
        List<String> recorded = actual.evidenceSources().of(kind);
        if (!actual.evidenceSources().byKind().containsKey(kind) || !recorded.containsAll(List.of(sources))) {
            failWithMessage("expected evidence of kind <%s> from %s, but the evidence sources are %s", kind,
                    List.of(sources), actual.evidenceSources().byKind());
        }
        return this;
    }

    public ProvenanceAssert hasBackendTarget(String backend) {
        return field("backend_target", actual == null ? null : actual.backendTarget(), backend);
    }

    public ProvenanceAssert hasBackendUsed(String backend) {
        return field("backend_used", actual == null ? null : actual.backendUsed(), backend);
    }

    /** Why the backend used differs from the target: the reason contains {@code text}. */
    public ProvenanceAssert hasBackendUsedReasonContaining(String text) {
        isNotNull();
        if (actual.backendUsedReason() == null || !actual.backendUsedReason().contains(text)) {
            failWithMessage("expected backend_used_reason to contain \"%s\", but it is <%s>", text,
                    actual.backendUsedReason());
        }
        return this;
    }

    /** The backend used is the target, or none answered: there is no reason to give. */
    public ProvenanceAssert hasNoBackendUsedReason() {
        return field("backend_used_reason", actual == null ? null : actual.backendUsedReason(), null);
    }

    /** The reason codes include every one of {@code codes}. */
    public ProvenanceAssert hasReasonCodes(String... codes) {
        isNotNull();
        List<String> missing = new ArrayList<>();
        for (String code : codes) {
            if (!actual.reasonCodes().contains(code)) {
                missing.add(code);
            }
        }
        if (!missing.isEmpty()) {
            failWithMessage("expected the reason codes to include %s, but they are %s", missing,
                    actual.reasonCodes().values());
        }
        return this;
    }

    /** The reason codes include none of {@code codes}. */
    public ProvenanceAssert doesNotHaveReasonCodes(String... codes) {
        isNotNull();
        for (String code : codes) {
            if (actual.reasonCodes().contains(code)) {
                failWithMessage("expected the reason codes not to include <%s>, but they are %s", code,
                        actual.reasonCodes().values());
            }
        }
        return this;
    }

    /** The extension {@code name} is set, to anything. */
    public ProvenanceAssert hasExtension(String name) {
        isNotNull();
        if (!actual.extensions().containsKey(name)) {
            failWithMessage("expected the extension <%s>, but the extensions are %s", name,
                    actual.extensions().keySet());
        }
        return this;
    }

    /** The extension {@code name} is set to exactly {@code value}. */
    public ProvenanceAssert hasExtension(String name, Object value) {
        hasExtension(name);
        if (!Objects.equals(actual.extension(name), value)) {
            failWithMessage("expected the extension %s=<%s>, but it is <%s>", name, value, actual.extension(name));
        }
        return this;
    }

    public ProvenanceAssert doesNotHaveExtension(String name) {
        isNotNull();
        if (actual.extensions().containsKey(name)) {
            failWithMessage("expected no extension <%s>, but it is <%s>", name, actual.extension(name));
        }
        return this;
    }

    /** Nothing in the provenance's wire form, however deep, contains any of {@code texts}. */
    public ProvenanceAssert doesNotContain(String... texts) {
        isNotNull();
        for (String text : texts) {
            String found = PlainValues.findContaining(actual.toWire(), text);
            if (found != null) {
                failWithMessage("expected the provenance not to contain \"%s\", but it holds \"%s\"", text, found);
            }
        }
        return this;
    }

    private ProvenanceAssert field(String name, @Nullable Object value, @Nullable Object expected) {
        isNotNull();
        if (!Objects.equals(value, expected)) {
            failWithMessage("expected provenance %s <%s>, but it is <%s>", name, expected, value);
        }
        return this;
    }
}
