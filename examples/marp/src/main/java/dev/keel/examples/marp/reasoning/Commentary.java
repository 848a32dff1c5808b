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
 * and why they differ; and how the reply fared against the commentary contract ({@link #outcome()}): kept at once,
 * kept after a re-ask, or broken after the re-asks (then there is no commentary, and the text says what failed).
 * Immutable, pure and thread-safe.
 */
public final class Commentary {

    /** The wire value of {@code kind}. */
    public static final String KIND = "llm_commentary";

    /** How the model's replies fared against the commentary contract. */
    public enum Outcome {
        /** The first reply kept it. */
        ACCEPTED(null),
        /** A reply to a re-ask kept it. */
        REASKED("commentary_reasked"),
        /** No reply kept it: the commentary is withheld, the answer stands on the evidence alone. */
        WITHHELD("commentary_contract_broken"),
        /** The model call failed and so did the internal backend: no commentary. */
        FAILED("commentary_backend_failed");

        private final String reasonCode;

        Outcome(String reasonCode) {
            this.reasonCode = reasonCode;
        }

        /** The reason code of this outcome; empty for {@link #ACCEPTED}. */
        public Optional<String> reasonCode() {
            return Optional.ofNullable(reasonCode);
        }

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final String text;
    private final String backendTarget;
    private final String backendUsed;
    private final String backendUsedReason;
    private final TokenUsage usage;
    private final List<String> numbersNotInEvidence;
    private final String prompt;
    private final Outcome outcome;
    private final List<Map<String, Object>> attempts;

    Commentary(String text, String backendTarget, String backendUsed, String backendUsedReason, TokenUsage usage,
               List<String> numbersNotInEvidence, String prompt, Outcome outcome, List<Map<String, Object>> attempts) {
        this.text = Objects.requireNonNull(text, "text");
        this.backendTarget = Objects.requireNonNull(backendTarget, "backendTarget");
        this.backendUsed = Objects.requireNonNull(backendUsed, "backendUsed");
        this.backendUsedReason = backendUsedReason;
        this.usage = Objects.requireNonNull(usage, "usage");
        this.numbersNotInEvidence = List.copyOf(numbersNotInEvidence);
        this.prompt = Objects.requireNonNull(prompt, "prompt");
        this.outcome = Objects.requireNonNull(outcome, "outcome");
        this.attempts = List.copyOf(attempts);
    }

    /** How the replies fared against the commentary contract. */
    public Outcome outcome() {
        return outcome;
    }

    /** True when a reply kept the contract: the text is the model's commentary, not a statement of what failed. */
    public boolean kept() {
        return outcome == Outcome.ACCEPTED || outcome == Outcome.REASKED;
    }

    /**
     * Each call of the commentary, in order: {@code {"number", "backend", "outcome", "reply_length", "problems":
     * [{"code", "pointer", "message"}]}}.
     */
    public List<Map<String, Object>> attempts() {
        return attempts;
    }

    /** {@code {"outcome", "reason_code"?, "attempts"}}: the contract's account, for the provenance and the audit. */
    public Map<String, Object> contractWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("outcome", outcome.wireName());
        outcome.reasonCode().ifPresent(code -> wire.put("reason_code", code));
        wire.put("attempts", attempts);
        return wire;
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
     * "numbers_not_in_evidence", "contract"}}.
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
        wire.put("contract", contractWire());
        return wire;
    }

    @Override
    public String toString() {
        return "Commentary{target=" + backendTarget + ", used=" + backendUsed + ", " + outcome.wireName() + ", " + text.length() + " chars}";
    }
}
