/** The starter's implementation: backends built from properties, and documents read from resources. */
package dev.keel.spring.boot.internal;
