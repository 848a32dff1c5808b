package dev.keel.policy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One finding of {@link PolicyLint} on a valid policy document: something the document allows but that is likely not
 * what its author meant, such as a marking and the domain it belongs to that can match apart.
 *
 * <p>Immutable and thread-safe.
 *
 * @param code    what kind of finding: {@link #PHRASE_EMPTY}, {@link #PHRASE_IN_TWO_DOMAINS},
 *                {@link #MARKING_OUTSIDE_DOMAIN}, {@link #DOMAIN_OUTSIDE_MARKING}, {@link #MARKING_WITHOUT_DOMAIN},
 *                {@link #PARTIAL_KIND_UNKNOWN}, {@link #TOOL_CLEARANCE_UNREACHABLE}
 * @param pointer the JSON pointer (RFC 6901) of the phrase, marking, kind or tool clearance concerned
 * @param message the finding in words for the policy's author
 */
public record PolicyFinding(String code, String pointer, String message) implements Comparable<PolicyFinding> {

    /** A phrase that normalisation leaves without a word: it never matches. */
    public static final String PHRASE_EMPTY = "phrase_empty";
    /** A domain phrase that reads as another one, of other domains: one text requests both. */
    public static final String PHRASE_IN_TWO_DOMAINS = "phrase_in_two_domains";
    /** A phrase of a marking tied to a domain that no rule of that domain matches. */
    public static final String MARKING_OUTSIDE_DOMAIN = "marking_outside_domain";
    /** A phrase of a domain with markings that carries none of them, the domain not being internal-only. */
    public static final String DOMAIN_OUTSIDE_MARKING = "domain_outside_marking";
    /** A phrase of a marking tied to no domain that a domain rule matches. */
    public static final String MARKING_WITHOUT_DOMAIN = "marking_without_domain";
    /**
     * A kind in a {@code partial} setting that does not ship and has no recogniser in the document: a filter made
     * from the document refuses to withhold it blind.
     */
    public static final String PARTIAL_KIND_UNKNOWN = "partial_kind_unknown";
    /** A clearance a tool lists that none of the tool's roles allows: it lets nobody call the tool. */
    public static final String TOOL_CLEARANCE_UNREACHABLE = "tool_clearance_unreachable";

    public PolicyFinding {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(message, "message");
    }

    /** By pointer, then code, then message. */
    @Override
    public int compareTo(PolicyFinding other) {
        int byPointer = pointer.compareTo(other.pointer);
        int byCode = code.compareTo(other.code);
        return byPointer != 0 ? byPointer : byCode != 0 ? byCode : message.compareTo(other.message);
    }

    /** {@code {"code", "pointer", "message"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("code", code);
        wire.put("pointer", pointer);
        wire.put("message", message);
        return wire;
    }
}
