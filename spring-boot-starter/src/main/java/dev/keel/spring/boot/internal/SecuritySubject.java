package dev.keel.spring.boot.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * The subject of a chat from Spring Security: the name of the authentication on the calling thread, or none when
 * nobody (or only the anonymous user) is authenticated. Loaded only when Spring Security is on the class path.
 * Stateless and thread-safe.
 */
public final class SecuritySubject {

    private SecuritySubject() {
    }

    /** The authenticated user's name on this thread; null when nobody is authenticated. */
    public static @Nullable String current() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication == null || !authentication.isAuthenticated()
                || authentication instanceof AnonymousAuthenticationToken) {
            return null;
        }
        return authentication.getName();
    }
}
