// Words shared by several pages: the steps, the reasons to choose us and the feature list.
import {
  BatteryFull,
  Clock,
  CreditCard,
  Globe,
  LayoutDashboard,
  MessageCircle,
  Package,
  PenLine,
  Repeat,
  Share2,
  Smartphone,
  Truck,
  Wifi,
  Zap,
} from "lucide-react";
import { POLICY } from "~/catalog";
import type { Slide } from "./carousel";

const icon = "h-7 w-7";

export const HOW_IT_WORKS: Slide[] = [
  {
    title: "1. Order & Pay",
    body: "Choose your card type, add your link or links, and place your order.",
    icon: <CreditCard aria-hidden className={icon} />,
  },
  {
    title: "2. Receive Your Card",
    body: `Your card is delivered in ${POLICY.ukDelivery} via ${POLICY.deliveryService} delivery.`,
    icon: <Package aria-hidden className={icon} />,
  },
  {
    title: "3. Share With a Tap",
    body: "Tap your card on any phone and your links open instantly. No app needed.",
    icon: <Share2 aria-hidden className={icon} />,
  },
];

export const WHY_CHOOSE: Slide[] = [
  {
    title: "Tap to Share Instantly",
    body: "One tap on a phone opens your links: no typing, no searching, no app.",
    icon: <Zap aria-hidden className={icon} />,
  },
  {
    title: "Chat Support",
    body: "Questions about your card? Message us on WhatsApp or by e-mail and a real person answers.",
    icon: <MessageCircle aria-hidden className={icon} />,
  },
  {
    title: "No Battery",
    body: "The chip is powered by the phone that taps it, so your card never needs charging.",
    icon: <BatteryFull aria-hidden className={icon} />,
  },
  {
    title: "Works Worldwide",
    body: "Any NFC phone in any country can read your card, on Android and iOS alike.",
    icon: <Globe aria-hidden className={icon} />,
  },
  {
    title: "Remote Link Changes",
    body: "Change the links on your Multi Link card page at any time, without a new card.",
    icon: <PenLine aria-hidden className={icon} />,
  },
  {
    title: "Endless Taps",
    body: "There is no limit on how often your card can be tapped. Share it as often as you like.",
    icon: <Repeat aria-hidden className={icon} />,
  },
];

export const FEATURES: Slide[] = [
  {
    title: "Digital Profile Sharing",
    body: "Your name, bio and links on one page that opens with a tap of your card.",
    icon: <Share2 aria-hidden className={icon} />,
  },
  {
    title: "Personal Dashboard",
    body: "Sign in to see your cards and links, and to keep your details up to date.",
    icon: <LayoutDashboard aria-hidden className={icon} />,
  },
  {
    title: "Premium Card Quality",
    body: "A durable, water-resistant card that stays smart in a wallet or a pocket.",
    icon: <CreditCard aria-hidden className={icon} />,
  },
  {
    title: "Instant Connectivity",
    body: "NFC connects in a fraction of a second: no pairing, no Bluetooth, no Wi-Fi needed.",
    icon: <Wifi aria-hidden className={icon} />,
  },
  {
    title: "Works With All Phones",
    body: "Compatible with NFC-enabled Android phones and iPhones. The person you meet needs no app.",
    icon: <Smartphone aria-hidden className={icon} />,
  },
  {
    title: "Fast Delivery",
    body: `${POLICY.deliveryService} delivery in ${POLICY.ukDelivery} in the UK; international orders in ${POLICY.internationalDelivery}.`,
    icon: <Truck aria-hidden className={icon} />,
  },
];

export const RESPONSE_TIMES = [
  { label: "General inquiries", time: "24-48 hours" },
  { label: "Support requests", time: "Same day" },
  { label: "Collaborations", time: "1-3 days" },
];

export const clockIcon = <Clock aria-hidden className="h-5 w-5" />;
