package dev.keel.spring.boot;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.text.Names;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;

/**
 * {@link KeelPrincipalMapper#fromAuthorities}: the role and clearance from prefixed granted authorities. Immutable;
 * pure and thread-safe.
 */
final class AuthorityPrincipalMapper implements KeelPrincipalMapper {

    private final String rolePrefix;
    private final String clearancePrefix;
    private final @Nullable String defaultRole;
    private final @Nullable String defaultClearance;
    private final @Nullable Principal anonymous;
    /** The policy's roles in canonical form; empty when every role authority counts. */
    private final Set<String> policyRoles;

    public AuthorityPrincipalMapper(KeelProperties.Security security, Collection<String> policyRoles) {
        Objects.requireNonNull(security, "security");
        this.rolePrefix = prefix(security.rolePrefix(), "keel.security.role-prefix");
        this.clearancePrefix = prefix(security.clearancePrefix(), "keel.security.clearance-prefix");
        if (rolePrefix.startsWith(clearancePrefix) || clearancePrefix.startsWith(rolePrefix)) {
            throw new ConfigurationException("keel.security.role-prefix and keel.security.clearance-prefix must not"
                    + " start alike, or an authority would count as both");
        }
        this.defaultRole = set(security.defaultRole());
        this.defaultClearance = set(security.defaultClearance());
        String anonymousRole = set(security.anonymousRole());
        String anonymousClearance = set(security.anonymousClearance());
        if ((anonymousRole == null) != (anonymousClearance == null)) {
            throw new ConfigurationException("set both keel.security.anonymous-role and"
                    + " keel.security.anonymous-clearance, or neither (then the anonymous user is no principal)");
        }
        this.anonymous = anonymousRole == null || anonymousClearance == null ? null
                : Principal.of(anonymousRole, anonymousClearance);
        this.policyRoles = policyRoles.stream().map(Names::canonical).collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public @Nullable Principal principal(@Nullable Authentication authentication) {
        if (authentication == null || !KeelPrincipalMapper.signedIn(authentication)) {
            return anonymous;
        }
        String role = one(authentication, rolePrefix,
                name -> policyRoles.isEmpty() || policyRoles.contains(Names.canonical(name)), defaultRole);
        String clearance = one(authentication, clearancePrefix, name -> true, defaultClearance);
        return role == null || clearance == null ? null : Principal.of(role, clearance);
    }

    /**
     * The one name that follows {@code prefix} among the authorities (names equal in canonical form are one), the
     * default when there is none, and null when there are several.
     */
    private static @Nullable String one(Authentication authentication, String prefix, Predicate<String> counts,
                                        @Nullable String fallback) {
        Map<String, String> names = new LinkedHashMap<>();
        for (GrantedAuthority authority : authentication.getAuthorities()) {
            String granted = authority.getAuthority();
            if (granted != null && granted.startsWith(prefix) && granted.length() > prefix.length()) {
                String name = granted.substring(prefix.length());
                if (counts.test(name)) {
                    names.putIfAbsent(Names.canonical(name), name);
                }
            }
        }
        if (names.isEmpty()) {
            return fallback;
        }
        return names.size() == 1 ? names.values().iterator().next() : null;
    }

    private static String prefix(@Nullable String value, String property) {
        if (value == null || value.isBlank()) {
            throw new ConfigurationException(property + " is empty; set it to the prefix of the authorities it"
                    + " reads, for example ROLE_");
        }
        return value;
    }

    private static @Nullable String set(@Nullable String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    @Override
    public String toString() {
        return "AuthorityPrincipalMapper[rolePrefix=" + rolePrefix + ", clearancePrefix=" + clearancePrefix + "]";
    }
}
