package dev.keel.spring.ai;

import dev.keel.core.Decision;
import dev.keel.core.KeelException;
import dev.keel.core.ReasonCodes;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Governance denied a {@code ChatClient} call that {@link KeelAdvisor} governed, and the advisor has no refusal
 * configured: a governed call reports a denial as a value, but {@code ChatClient.call().content()} can only return
 * text, so the advisor raises this instead. No model was called; the call was audited before this was thrown, and
 * no advisor after Keel's saw it (a chat memory stores no reply for it).
 *
 * <p>The decision and the reason codes are typed values; the message names the codes only, and {@link #text()} is
 * the governed call's denial as the user may read it, already filtered. Immutable.
 */
public final class KeelDeniedException extends KeelException {

    private static final long serialVersionUID = 1L;

    /** The code of a request governance denied. */
    public static final String REQUEST_DENIED = "request_denied";

    private final String requestId;
    private final ReasonCodes reasonCodes;
    private final String text;
    @SuppressWarnings("serial") // A plain JSON tree of strings, lists and maps.
    private final Map<String, Object> provenance;

    private KeelDeniedException(String requestId, ReasonCodes reasonCodes, String text,
                                Map<String, Object> provenance) {
        super(REQUEST_DENIED, "the request was denied (" + (reasonCodes.isEmpty() ? "no reason codes"
                : "reason codes: " + String.join(", ", reasonCodes.values())) + ")");
        this.requestId = Objects.requireNonNull(requestId, "requestId");
        this.reasonCodes = Objects.requireNonNull(reasonCodes, "reasonCodes");
        this.text = Objects.requireNonNull(text, "text");
        this.provenance = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(provenance,
                "provenance")));
    }

    /**
     * A request governance denied.
     *
     * @param requestId   the governed call's id, as in its audit record
     * @param reasonCodes why, as the audit record and the provenance say
     * @param text        the denial the user may read, as the governed call filtered it
     * @param provenance  the call's provenance as its wire map
     */
    public static KeelDeniedException denied(String requestId, ReasonCodes reasonCodes, String text,
                                             Map<String, Object> provenance) {
        return new KeelDeniedException(requestId, reasonCodes, text, provenance);
    }

    /** The id of the governed call, as in its audit record. */
    public String requestId() {
        return requestId;
    }

    /** Always {@link Decision#DENY}. */
    public Decision decision() {
        return Decision.DENY;
    }

    /** Why, in the codes the audit record and the provenance use. */
    public ReasonCodes reasonCodes() {
        return reasonCodes;
    }

    /** What the user may be told: the governed call's denial text. */
    public String text() {
        return text;
    }

    /** The call's provenance as its wire map ({@code Provenance.toWire()}). */
    public Map<String, Object> provenance() {
        return provenance;
    }
}
