package dev.keel.examples.springchat;

import dev.keel.core.Principal;
import java.util.List;
import java.util.Optional;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.stereotype.Component;

/**
 * The Keel principal of an authenticated user: its one authority {@code ROLE_x} is the role {@code x}, its one
 * authority {@code CLEARANCE_y} the clearance {@code y}. A user without exactly one of each has no principal (the
 * call is then denied, {@code principal_missing}). Stateless and thread-safe.
 */
@Component
public final class ChatUsers {

    static final String ROLE = "ROLE_";
    static final String CLEARANCE = "CLEARANCE_";

    /** The principal of {@code authentication}; empty for nobody, or for a user without one role and one clearance. */
    public Optional<Principal> principalOf(Authentication authentication) {
        if (authentication == null || !authentication.isAuthenticated()) {
            return Optional.empty();
        }
        Optional<String> role = single(authentication, ROLE);
        Optional<String> clearance = single(authentication, CLEARANCE);
        if (role.isEmpty() || clearance.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Principal.of(role.get(), clearance.get()));
    }

    private static Optional<String> single(Authentication authentication, String prefix) {
        List<String> values = authentication.getAuthorities().stream().map(GrantedAuthority::getAuthority)
                .filter(authority -> authority.startsWith(prefix))
                .map(authority -> authority.substring(prefix.length())).toList();
        return values.size() == 1 ? Optional.of(values.get(0)) : Optional.empty();
    }
}
