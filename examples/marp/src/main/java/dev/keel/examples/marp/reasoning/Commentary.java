package dev.keel.examples.marp.reasoning;

import dev.keel.core.Provenance;
import dev.keel.core.spi.TokenUsage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Model commentary: explanation, comparison, formatting. NEVER evidence: it has no evidence
 * source, and its wire form says {@code "kind": "llm_commentary"}. Where it conflicts with the evidence, the
 * evidence wins; {@link #numbersNotInEvidence()} lists the figures it states that the prompt's evidence does
 * not contain, so that the aggregation step can note the inconsistency.
 *
 * <p>Also records who wrote it: the {@code backend_target} routing chose, the {@code backend_used} that answered,
 * and why they differ. Immutable, pure and thread-safe.
 */
public final class Commentary {

    /** The wire value of {@code kind}. */
    public static final String KIND = "llm_commentary";

    private final String text;
    private final String backendTarget;
    private final String backendUsed;
    private final String backendUsedReason;
    private final TokenUsage usage;
    private final List<String> numbersNotInEvidence;
    private final String prompt;

    Commentary(String text, String backendTarget, String backendUsed, String backendUsedReason, TokenUsage usage,
               List<String> numbersNotInEvidence, String prompt) {
        this.text = Objects.requireNonNull(text, "text");
        this.backendTarget = Objects.requireNonNull(backendTarget, "backendTarget");
        this.backendUsed = Objects.requireNonNull(backendUsed, "backendUsed");
        this.backendUsedReason = backendUsedReason;
        this.usage = Objects.requireNonNull(usage, "usage");
        this.numbersNotInEvidence = List.copyOf(numbersNotInEvidence);
        this.prompt = Objects.requireNonNull(prompt, "prompt");
    }

    /** The commentary text. */
    public String text() {
        return text;
    }

    public String backendTarget() {
        return backendTarget;
    }

    public String backendUsed() {
        return backendUsed;
    }

    /** Why {@link #backendUsed()} is not {@link #backendTarget()}; empty when it is. */
    public Optional<String> backendUsedReason() {
        return Optional.ofNullable(backendUsedReason);
    }

    public TokenUsage usage() {
        return usage;
    }

    /** Figures in the text that the evidence in the prompt does not contain, in order of appearance. */
    public List<String> numbersNotInEvidence() {
        return numbersNotInEvidence;
    }

    /** True when the text states no figure the evidence lacks. */
    public boolean consistentWithEvidence() {
        return numbersNotInEvidence.isEmpty();
    }

    /** The prompt that was sent, for the audit trail. */
    public String prompt() {
        return prompt;
    }

    /** Records target, used backend and reason in {@code provenance}. */
    public Provenance.Builder applyTo(Provenance.Builder provenance) {
        return provenance.backendTarget(backendTarget).backendUsed(backendUsed).backendUsedReason(backendUsedReason);
    }

    /**
     * {@code {"kind": "llm_commentary", "text", "backend_target", "backend_used", "backend_used_reason"?,
     * "numbers_not_in_evidence"}}.
     */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("kind", KIND);
        wire.put("text", text);
        wire.put("backend_target", backendTarget);
        wire.put("backend_used", backendUsed);
        if (backendUsedReason != null) {
            wire.put("backend_used_reason", backendUsedReason);
        }
        wire.put("numbers_not_in_evidence", numbersNotInEvidence);
        return wire;
    }

    @Override
    public String toString() {
        return "Commentary{target=" + backendTarget + ", used=" + backendUsed + ", " + text.length() + " chars}";
    }
}
