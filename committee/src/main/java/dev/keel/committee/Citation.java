package dev.keel.committee;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A unit the synthesis cites, {@code agent:id}, with the justification a QUARANTINE unit requires (why quarantined
 * material is used). Immutable, pure and thread-safe.
 */
public record Citation(String unit, @Nullable String justification) {

    public Citation {
        Objects.requireNonNull(unit, "unit");
    }

    /** The agent part of {@code agent:id}. */
    public String agent() {
        int colon = unit.indexOf(':');
        return colon < 0 ? unit : unit.substring(0, colon);
    }

    /** The id part of {@code agent:id}. */
    public String unitId() {
        int colon = unit.indexOf(':');
        return colon < 0 ? "" : unit.substring(colon + 1);
    }

    public Optional<String> justificationOption() {
        return Optional.ofNullable(justification).filter(text -> !text.isBlank());
    }

    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("unit", unit);
        if (justification != null) {
            wire.put("justification", justification);
        }
        return wire;
    }
}
