package dev.keel.spring.boot;

import dev.keel.core.Principal;
import java.util.Collection;
import org.jspecify.annotations.Nullable;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;

/**
 * Who a Spring Security {@link Authentication} is to Keel: the {@link Principal} the policy decides for, and the
 * subject the audit record names. With Spring Security on the class path the starter defines one from
 * {@code keel.security.*} ({@link #fromAuthorities}: the role and the clearance from granted authorities, the
 * subject the authentication's name); an application replaces it by defining its own bean of this type. The
 * starter's {@code Supplier<Principal>} bean asks it for the authentication on the calling thread.
 *
 * <p>Implementations must be pure functions of the authentication and thread-safe: they are asked on every request's
 * thread. A user the mapping cannot place is no principal ({@code null}), which the policy denies
 * ({@code principal_missing}); a mapping never throws for that.
 */
@FunctionalInterface
public interface KeelPrincipalMapper {

    /**
     * The principal of an authentication.
     *
     * @param authentication the authentication on the request's thread, or null when there is none; it may be the
     *                       anonymous user's or one that is not authenticated
     * @return the principal, or null for no principal (the policy's decision is then DENY)
     */
    @Nullable Principal principal(@Nullable Authentication authentication);

    /**
     * The audit record's subject: the authentication's name; none for nobody, the anonymous user or an
     * authentication that is not authenticated.
     */
    default @Nullable String subject(@Nullable Authentication authentication) {
        return authentication != null && signedIn(authentication) ? authentication.getName() : null;
    }

    /** Whether the authentication is a user who signed in: present, authenticated and not the anonymous user. */
    static boolean signedIn(@Nullable Authentication authentication) {
        return authentication != null && authentication.isAuthenticated()
                && !(authentication instanceof AnonymousAuthenticationToken);
    }

    /**
     * The mapping {@code keel.security.*} configures: the role from the one granted authority that starts with
     * {@link KeelProperties.Security#rolePrefix()} (the rest is the role; among several, only the policy's roles
     * count), the clearance from the one that starts with {@link KeelProperties.Security#clearancePrefix()}, each
     * the configured default when the user has none; no principal when a user has two (Keel does not guess which
     * counts) or a missing one has no default. The anonymous user, and nobody, is the configured anonymous principal
     * when both its role and clearance are set, and otherwise no principal.
     *
     * @param security    {@code keel.security}
     * @param policyRoles the policy's role names; empty to let every role authority count
     */
    static KeelPrincipalMapper fromAuthorities(KeelProperties.Security security, Collection<String> policyRoles) {
        return new AuthorityPrincipalMapper(security, policyRoles);
    }
}
