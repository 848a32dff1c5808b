package dev.keel.committee;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The committee's part of an LLM configuration as its wire format binds it: one component per member of the JSON
 * Schema ({@code dev/keel/committee/schema/committee-config.schema.json}), which is what validates it
 * ({@link CommitteeConfigFormat}). The file is shared with the LLM configuration's own reader, so every record here
 * ignores the members it does not name (the schema leaves them open too). The policy's members are camelCase on the
 * wire, named by {@code @JsonProperty}; optional members are null when absent. Not changed once bound; thread-safe.
 *
 * @param providers providers by name
 * @param models    the roles
 * @param policy    the committee's policy
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record CommitteeConfigSpec(Map<String, ProviderSpec> providers, ModelsSpec models, PolicySpec policy) {

    /** One entry of {@code providers}: whether it runs ({@code enabled}, true when absent). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record ProviderSpec(@Nullable Boolean enabled) {
    }

    /** {@code models}: the roles by name. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record ModelsSpec(Map<String, RoleSpec> roles) {
    }

    /** One entry of {@code models.roles}: the name of the provider that runs it. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record RoleSpec(String provider) {
    }

    /**
     * {@code policy}. A cap is a number ({@link BigDecimal} or another {@link Number}) or an object
     * {@code {"env", "default"?}} as a map, which the schema has checked; it is resolved against the environment
     * when the configuration is read.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record PolicySpec(
            @JsonProperty("normalMaxUsd") @Nullable Object normalMaxUsd,
            @JsonProperty("deepMaxUsd") @Nullable Object deepMaxUsd,
            @JsonProperty("askUserThreshold") @Nullable BigDecimal askUserThreshold,
            @JsonProperty("tauHard") BigDecimal tauHard,
            @JsonProperty("tauSoft") BigDecimal tauSoft,
            @Nullable Map<String, BigDecimal> weights) {
    }
}
